//! Every `k`-element combination of a slice, through a callback that can stop early.

/// Calls `f` with every `k`-element combination of `items` (in lexicographic order of
/// positions), until it returns `Break`.
///
/// Iterative, over index arrays on the stack (fish searches call this in their inner loop):
/// `idx[i]` is the position of the `i`-th chosen item and `chosen[i]` the item itself.
pub fn combinations<T: Copy, F>(items: &[T], k: usize, f: &mut F) -> std::ops::ControlFlow<()>
where
    F: FnMut(&[T]) -> std::ops::ControlFlow<()> + ?Sized,
{
    const MAX: usize = 16;
    let n = items.len();
    if k == 0 {
        return f(&[]);
    }
    if k > n {
        return std::ops::ControlFlow::Continue(());
    }
    if k > MAX {
        // Never asked for by a technique; kept correct with a heap buffer.
        let mut idx: Vec<usize> = (0..k).collect();
        let mut chosen: Vec<T> = items[..k].to_vec();
        return combinations_from(items, &mut idx, &mut chosen, f);
    }
    let mut idx = [0usize; MAX];
    let mut chosen = [items[0]; MAX];
    for i in 0..k {
        idx[i] = i;
        chosen[i] = items[i];
    }
    combinations_from(items, &mut idx[..k], &mut chosen[..k], f)
}

/// The loop of [`combinations`], from the first combination already in `idx`/`chosen`.
#[inline]
fn combinations_from<T: Copy, F>(
    items: &[T],
    idx: &mut [usize],
    chosen: &mut [T],
    f: &mut F,
) -> std::ops::ControlFlow<()>
where
    F: FnMut(&[T]) -> std::ops::ControlFlow<()> + ?Sized,
{
    let (n, k) = (items.len(), idx.len());
    loop {
        f(chosen)?;
        // The rightmost position that can still move right.
        let mut i = k;
        loop {
            if i == 0 {
                return std::ops::ControlFlow::Continue(());
            }
            i -= 1;
            if idx[i] < n - k + i {
                break;
            }
        }
        idx[i] += 1;
        chosen[i] = items[idx[i]];
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
            chosen[j] = items[idx[j]];
        }
    }
}

#[cfg(test)]
mod combination_tests {
    use super::*;
    use std::ops::ControlFlow;

    #[test]
    fn combinations_are_all_there_once() {
        let mut seen = Vec::new();
        let _ = combinations(&[1, 2, 3, 4, 5], 3, &mut |c| {
            seen.push(c.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![1, 2, 3]);
        assert_eq!(seen[9], vec![3, 4, 5]);
        let mut n = 0;
        let flow = combinations(&[1, 2, 3, 4], 2, &mut |_| {
            n += 1;
            if n == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(flow.is_break());
        assert_eq!(n, 2);
    }

    #[test]
    fn combinations_come_in_lexicographic_order_with_the_binomial_count() {
        let items: Vec<usize> = (0..9).collect();
        for k in 0..=10 {
            let mut seen: Vec<Vec<usize>> = Vec::new();
            let _ = combinations(&items, k, &mut |c: &[usize]| {
                seen.push(c.to_vec());
                ControlFlow::Continue(())
            });
            let binomial = (0..k).fold(1usize, |b, i| b * (9 - i.min(9)) / (i + 1));
            assert_eq!(seen.len(), if k > 9 { 0 } else { binomial }, "k = {k}");
            assert!(seen.windows(2).all(|w| w[0] < w[1]), "k = {k}");
            assert!(seen.iter().all(|c| c.windows(2).all(|w| w[0] < w[1])));
        }
    }
}
