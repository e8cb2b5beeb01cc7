//! Which build of the search runs: the fast one needs a CPU with BMI2 and a fast
//! `pext`/`pdep`.

/// Proof that this CPU may run the search's fast build: only [`Bmi2::detect`] makes one, after
/// [`fast_cpu`] accepted the CPU. The functions compiled for `popcnt`, `bmi1` and `bmi2` take
/// it as an argument, so a path into them without the check does not compile. It has no
/// size: passing it costs nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bmi2(());

impl Bmi2 {
    /// The token, on x86-64 CPUs that [`fast_cpu`] accepts.
    pub(super) fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        return fast_cpu().then_some(Bmi2(()));
        #[cfg(not(target_arch = "x86_64"))]
        return None;
    }
}

/// The portable build: any CPU.
#[derive(Debug, Clone, Copy)]
pub(super) struct Portable;

/// Which build a monomorphised copy of the search is: [`Portable`], or [`Bmi2`] with its token.
/// The choice is made once, at the root; below it each copy knows its build at compile time.
pub(super) trait Build: Copy {
    /// The token, in the fast build.
    fn bmi2(self) -> Option<Bmi2>;
}

impl Build for Portable {
    #[inline(always)]
    fn bmi2(self) -> Option<Bmi2> {
        None
    }
}

impl Build for Bmi2 {
    #[inline(always)]
    fn bmi2(self) -> Option<Bmi2> {
        Some(self)
    }
}

/// True when this CPU has `popcnt`, `bmi1` and `bmi2`, with a fast `pext`/`pdep`, for the
/// search's fast build ([`Searcher::dfs_fast`](super::Searcher::dfs_fast)). AMD before Zen 3 (family 0x17 and older)
/// and Hygon (Zen-based, family 0x18) run `pext`/`pdep` in microcode, many times slower
/// than the tables, so they take the portable build. Found once, then cached.
///
/// Three `cpuid` leaves are read directly rather than through `is_x86_feature_detected!`,
/// which reads a dozen to fill its whole feature cache: in a virtual machine each `cpuid`
/// traps to the hypervisor, and that cache cost about 3% of a one-puzzle run, where
/// process start-up is most of the time.
#[cfg(target_arch = "x86_64")]
fn fast_cpu() -> bool {
    static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FAST.get_or_init(|| {
        use std::arch::x86_64::{__cpuid, __cpuid_count};
        // Leaves 0 (vendor, highest leaf) and 1 (family, features) always exist on x86-64.
        let (vendor, leaf1) = (__cpuid(0), __cpuid(1));
        if vendor.eax < 7 {
            return false;
        }
        let leaf7 = __cpuid_count(7, 0);
        // popcnt: leaf 1, ecx bit 23; bmi1 and bmi2: leaf 7, ebx bits 3 and 8. They are
        // plain integer instructions: no OS support (as for vector registers) is needed.
        let popcnt = leaf1.ecx & 1 << 23 != 0;
        let bmi = leaf7.ebx & (1 << 3 | 1 << 8) == 1 << 3 | 1 << 8;
        if !(popcnt && bmi) {
            return false;
        }
        // "AuthenticAMD" and "HygonGenuine", as cpuid spells them in ebx, edx, ecx.
        let id = (vendor.ebx, vendor.edx, vendor.ecx);
        let amd = id == (0x6874_7541, 0x6974_6E65, 0x444D_4163)
            || id == (0x6F67_7948, 0x6E65_476E, 0x656E_6975);
        // The family: base family, plus the extended family when the base is 0xF.
        let signature = leaf1.eax;
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        !(amd && family < 0x19)
    })
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// The three leaves read by hand must agree with the standard library's detection, and
    /// the fast build may only run where all three features are present.
    #[test]
    fn direct_cpuid_agrees_with_std_detection() {
        let features = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2");
        if fast_cpu() {
            assert!(
                features,
                "fast build chosen on a CPU without popcnt, bmi1 and bmi2"
            );
        }
        // Only AMD and Hygon before Zen 3 may have the features and still be refused.
        use std::arch::x86_64::__cpuid;
        let v = __cpuid(0);
        let amd_or_hygon = matches!(
            (v.ebx, v.edx, v.ecx),
            (0x6874_7541, _, _) | (0x6F67_7948, _, _)
        );
        if features && !amd_or_hygon {
            assert!(
                fast_cpu(),
                "fast build refused on a CPU with popcnt, bmi1 and bmi2"
            );
        }
    }
}

/// Defines a method `$name` generic over [`Build`] that runs `$inner` (an `#[inline(always)]`
/// method taking the same arguments and the build last) in a copy of its own for each build:
/// `$plain` for any CPU, and `$fast` compiled for `popcnt`, `bmi1` and `bmi2`, which only a
/// [`Bmi2`] token reaches. Each copy is `#[inline(never)]`, so the recursion of the search
/// goes through a call per level while each level's body is compiled once per build.
macro_rules! per_build {
    (
        $(#[$doc:meta])*
        fn $name:ident / $plain:ident / $fast:ident => $inner:ident($($arg:ident: $ty:ty),*)
    ) => {
        $(#[$doc])*
        #[inline(always)]
        fn $name<B: Build>(&mut self, $($arg: $ty,)* build: B) -> Flow {
            #[cfg(target_arch = "x86_64")]
            if let Some(cpu) = build.bmi2() {
                // SAFETY: a `Bmi2` token exists only where `Bmi2::detect` found that the CPU
                // has `popcnt`, `bmi1` and `bmi2`.
                return unsafe { self.$fast($($arg,)* cpu) };
            }
            self.$plain($($arg),*)
        }

        #[doc = concat!("[`Self::", stringify!($inner), "`] for any CPU.")]
        #[inline(never)]
        fn $plain(&mut self, $($arg: $ty),*) -> Flow {
            self.$inner($($arg,)* Portable)
        }

        #[doc = concat!("[`Self::", stringify!($inner), "`] compiled for CPUs with `popcnt`, `bmi1` and `bmi2`.")]
        ///
        /// # Safety
        ///
        /// The CPU must support `popcnt`, `bmi1` and `bmi2`.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,bmi2")]
        #[inline(never)]
        unsafe fn $fast(&mut self, $($arg: $ty,)* cpu: Bmi2) -> Flow {
            self.$inner($($arg,)* cpu)
        }
    };
}
pub(super) use per_build;
