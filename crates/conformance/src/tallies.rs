//! The tallies of a harness's report: per group (a revision, a kind of
//! text) and per name in it (a production, a feature), each in the order
//! first met, found again by an index (tens of thousands of cases).

use std::collections::BTreeMap;

/// Tallies `T` per group `G` and per name.
pub(crate) struct Tallies<'a, G, T> {
    groups: Vec<(G, Vec<(&'a str, T)>)>,
    /// Where each group's and each name's tally is in `groups`.
    index: BTreeMap<(G, &'a str), (usize, usize)>,
}

impl<'a, G: Copy + Ord, T: Default> Tallies<'a, G, T> {
    pub(crate) fn new() -> Self {
        Tallies {
            groups: Vec::new(),
            index: BTreeMap::new(),
        }
    }

    /// The tally of `name` in `group`, made empty the first time.
    pub(crate) fn entry(&mut self, group: G, name: &'a str) -> &mut T {
        let groups = &mut self.groups;
        let (g, n) = *self.index.entry((group, name)).or_insert_with(|| {
            let g = match groups.iter().position(|(known, _)| *known == group) {
                Some(g) => g,
                None => {
                    groups.push((group, Vec::new()));
                    groups.len() - 1
                }
            };
            groups[g].1.push((name, T::default()));
            (g, groups[g].1.len() - 1)
        });
        &mut self.groups[g].1[n].1
    }

    /// The groups in order of `G` (each its names in the order first met).
    pub(crate) fn sorted(mut self) -> Vec<(G, Vec<(&'a str, T)>)> {
        self.groups.sort_by_key(|(group, _)| *group);
        self.groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_the_order_first_met_and_groups_are_sorted() {
        let mut tallies: Tallies<u8, usize> = Tallies::new();
        for (group, name) in [(2, "b"), (1, "z"), (2, "a"), (2, "b"), (1, "z")] {
            *tallies.entry(group, name) += 1;
        }
        assert_eq!(
            tallies.sorted(),
            [(1, vec![("z", 2)]), (2, vec![("b", 2), ("a", 1)])]
        );
    }
}
