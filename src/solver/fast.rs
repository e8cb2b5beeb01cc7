//! Which build of the search runs: the fast one needs a CPU with BMI2 and a fast
//! `pext`/`pdep`.

/// True when the search's fast build may run: on x86-64 CPUs that [`fast_cpu`] accepts.
pub(super) fn fast_build_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return fast_cpu();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// True when this CPU has `popcnt`, `bmi1` and `bmi2`, with a fast `pext`/`pdep`, for the
/// search's fast build ([`Searcher::dfs_fast`](super::Searcher::dfs_fast)). AMD before Zen 3 (family 0x17 and older)
/// and Hygon (Zen-based, family 0x18) run `pext`/`pdep` in microcode, many times slower
/// than the tables, so they take the portable build. Found once, then cached (`cpuid` can
/// be slow in a virtual machine).
#[cfg(target_arch = "x86_64")]
fn fast_cpu() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        use std::arch::x86_64::__cpuid;
        if !(std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2"))
        {
            return false;
        }
        // Leaves 0 (vendor) and 1 (family) always exist.
        let (vendor, signature) = (__cpuid(0), __cpuid(1).eax);
        // "AuthenticAMD" and "HygonGenuine", as cpuid spells them in ebx, edx, ecx.
        let id = (vendor.ebx, vendor.edx, vendor.ecx);
        let amd = id == (0x6874_7541, 0x6974_6E65, 0x444D_4163)
            || id == (0x6F67_7948, 0x6E65_476E, 0x656E_6975);
        // The family: base family, plus the extended family when the base is 0xF.
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        !(amd && family < 0x19)
    })
}
