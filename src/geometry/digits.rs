//! Digit masks: bit `d - 1` of a `u16` stands for digit `d`, in every part of the library.

/// All nine digits.
pub const ALL: u16 = 0x1ff;

/// The mask of one digit.
#[inline]
pub const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a mask, lowest first (bits above the ninth are ignored).
#[inline]
pub fn iter(mask: u16) -> impl Iterator<Item = u8> + Clone {
    Iter(mask & ALL)
}

/// The iterator of [`iter`]: the digits not yet taken, as a mask. Each step takes the lowest
/// set bit, so a mask of `k` digits costs `k` steps (not nine tests).
#[derive(Clone)]
struct Iter(u16);

impl Iterator for Iter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The number of set bits of each 9-bit mask: a table, because the portable build has
/// no `popcnt` instruction (`count_ones` is then a long sequence), and the subset, fish,
/// wing and ALS searches count digits and positions in their inner loops.
static COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m & (m - 1)] + 1;
        m += 1;
    }
    t
};

/// The number of digits in a mask (or of positions in a 9-bit mask of a house's cells).
#[inline]
pub fn count(mask: u16) -> usize {
    usize::from(COUNT[usize::from(mask & ALL)])
}

/// The lowest digit of a non-empty mask.
#[inline]
pub const fn first(mask: u16) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// A mask written as its digits: `147`.
pub fn to_string(mask: u16) -> String {
    iter(mask).map(|d| char::from(b'0' + d)).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn iter_gives_the_digits_of_every_mask_in_order() {
        // Every 9-bit mask, and masks with higher bits set (ignored), against a test of
        // each digit in turn.
        for mask in 0..4096u16 {
            let want: Vec<u8> = (1..=9u8).filter(|&d| mask >> (d - 1) & 1 != 0).collect();
            assert_eq!(super::iter(mask).collect::<Vec<u8>>(), want, "{mask:#x}");
        }
    }
}
