//! What the library's unit tests share.

/// A fixed pseudo-random sequence for tests, the same on every run and with nothing to set
/// up: Marsaglia's xorshift on 64 bits (shifts 13, 7, 17). Puzzles are made from
/// `generate`'s `Stream` instead.
pub(crate) struct XorShift64(pub(crate) u64);

impl XorShift64 {
    /// The next state, which is the next number; the state must not be 0.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    /// A number in `0..n` (`n` > 0), as the next number modulo `n` (slightly biased: enough
    /// for tests).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The same on 32 bits (shifts 13, 17, 5).
pub(crate) struct XorShift32(pub(crate) u32);

impl XorShift32 {
    /// The next state, which is the next number; the state must not be 0.
    pub(crate) fn next_u32(&mut self) -> u32 {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 17;
        *x ^= *x << 5;
        *x
    }
}
