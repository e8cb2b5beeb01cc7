//! Digit masks: bit `d - 1` of a `u16` stands for digit `d`, in every part of the library.

/// All nine digits.
pub const ALL: u16 = 0x1ff;

/// The mask of one digit.
#[inline]
pub const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a mask, lowest first.
#[inline]
pub fn iter(mask: u16) -> impl Iterator<Item = u8> + Clone {
    (1..=9u8).filter(move |&d| mask >> (d - 1) & 1 != 0)
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
