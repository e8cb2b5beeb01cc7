//! The order in which a solve tries techniques: easiest first.

use thiserror::Error;

use super::{Family, Grid, Memo, Step, Technique};

/// Techniques from easiest to hardest. A solve takes, at every step, the first step of the
/// first technique here that has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder {
    techniques: Vec<Technique>,
}

/// A `--techniques` list that cannot make a ladder.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LadderError {
    /// A name that is neither a family, a technique nor a HoDoKu code.
    #[error("unknown technique or family '{name}' (families: {families})")]
    Unknown {
        /// The unknown name.
        name: String,
        /// The family names, for the message.
        families: String,
    },
    /// The list names no technique we implement (it is empty, or names only techniques
    /// not implemented): a solve with it could never take a step.
    #[error("'{list}' names no technique that is implemented (families: {families})")]
    Empty {
        /// The list as given.
        list: String,
        /// The family names, for the message.
        families: String,
    },
}

/// Every technique in the order of the default ladder, easiest first: roughly the order in
/// which people learn them, and in which HoDoKu rates them.
const ORDER: &[Technique] = {
    use Technique::*;
    &[
        FullHouse,
        HiddenSingle,
        NakedSingle,
        Pointing,
        Claiming,
        LockedPair,
        LockedTriple,
        NakedPair,
        HiddenPair,
        NakedTriple,
        HiddenTriple,
        XWing,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        XYWing,
        XYZWing,
        WWing,
        Swordfish,
        NakedQuad,
        HiddenQuad,
        Jellyfish,
        RemotePair,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        HiddenRectangle,
        AvoidableRectangle1,
        AvoidableRectangle2,
        Bug1,
        SimpleColorsTrap,
        SimpleColorsWrap,
        MultiColors1,
        MultiColors2,
        DualTwoStringKite,
        DualEmptyRectangle,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        WXYZWing,
        XChain,
        XYChain,
        ContinuousNiceLoop,
        DiscontinuousNiceLoop,
        Aic,
        SueDeCoq,
        AlsXz,
        AlsXyWing,
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
        AlsXyChain,
        DeathBlossom,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        FrankenJellyfish,
        FinnedFrankenJellyfish,
        FinnedMutantJellyfish,
        FinnedMutantSquirmbag,
        FinnedMutantWhale,
        ForcingChainContradiction,
        ForcingChainVerity,
        TemplateSet,
        TemplateDelete,
    ]
};

/// Techniques left out of the default ladder (but taken when `--techniques` names them).
/// Franken and mutant fish cost from a millisecond to far more a call on hard positions, are
/// tried at every step that reaches them, and almost never find what the forcing chains after
/// them would not; HoDoKu's default leaves out all but the Franken Swordfish and finned Franken
/// X-Wing and Swordfish (which its path, `super::hodoku`, takes). Templates are brute force on
/// one digit, off in HoDoKu's default too.
fn not_by_default(t: Technique) -> bool {
    super::fish::franken_or_mutant(t)
        || matches!(t, Technique::TemplateSet | Technique::TemplateDelete)
}

impl Default for Ladder {
    /// Every implemented technique, easiest first, but the Franken and mutant fish and the
    /// templates (see `not_by_default`).
    fn default() -> Ladder {
        Ladder {
            techniques: ORDER
                .iter()
                .copied()
                .filter(|&t| t.is_implemented() && !not_by_default(t))
                .collect(),
        }
    }
}

/// The family names, comma-separated, for messages.
fn family_names() -> String {
    let families: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
    families.join(", ")
}

impl Ladder {
    /// The default ladder limited to what `list` names: family names (`singles`, `subsets`,
    /// ...), technique names (`x-wing`) or HoDoKu codes (`0300`), separated by commas.
    pub fn from_list(list: &str) -> Result<Ladder, LadderError> {
        let mut wanted = Vec::new();
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            if let Some(family) = Family::ALL.iter().find(|f| f.name() == name.to_lowercase()) {
                wanted.extend(ORDER.iter().copied().filter(|t| t.family() == *family));
            } else if let Some(t) = Technique::from_name(name) {
                wanted.push(t);
            } else {
                return Err(LadderError::Unknown {
                    name: name.to_string(),
                    families: family_names(),
                });
            }
        }
        let techniques: Vec<Technique> = ORDER
            .iter()
            .copied()
            .filter(|t| wanted.contains(t) && t.is_implemented())
            .collect();
        if techniques.is_empty() {
            return Err(LadderError::Empty {
                list: list.to_string(),
                families: family_names(),
            });
        }
        Ok(Ladder { techniques })
    }

    /// A ladder of exactly these techniques, in this order.
    pub fn of(techniques: &[Technique]) -> Ladder {
        Ladder {
            techniques: techniques.to_vec(),
        }
    }

    /// Whether some technique of the ladder places digits (singles, forcing chains): without
    /// one, no puzzle can be solved with it.
    pub fn can_place(&self) -> bool {
        self.techniques.iter().any(|t| {
            matches!(
                t.family(),
                Family::Singles | Family::Forcing | Family::Templates
            )
        })
    }

    /// Whether the ladder holds singles and nothing else.
    pub fn singles_only(&self) -> bool {
        self.techniques
            .iter()
            .all(|t| t.family() == Family::Singles)
    }

    /// The techniques, easiest first.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The first step of the easiest technique that has one.
    pub fn next_step(&self, grid: &Grid) -> Option<Step> {
        self.next_step_with(grid, &mut Memo::default())
    }

    /// [`Ladder::next_step`], the finders sharing `memo` (see [`Technique::find_with`]).
    pub fn next_step_with(&self, grid: &Grid, memo: &mut Memo) -> Option<Step> {
        self.techniques
            .iter()
            .find_map(|t| t.first_with(grid, memo))
    }

    /// The position of a technique on the ladder (its difficulty rank), if it is on it.
    pub fn rank(&self, technique: Technique) -> Option<usize> {
        self.techniques.iter().position(|&t| t == technique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_a_place_on_the_ladder() {
        for &t in Technique::ALL {
            assert_eq!(ORDER.iter().filter(|&&o| o == t).count(), 1, "{t:?}");
        }
    }

    #[test]
    fn lists_name_families_and_techniques() {
        let ladder = Ladder::from_list("singles").unwrap();
        assert_eq!(
            ladder.techniques(),
            [
                Technique::FullHouse,
                Technique::HiddenSingle,
                Technique::NakedSingle
            ]
        );
        let ladder = Ladder::from_list("Naked Pair, singles").unwrap();
        assert_eq!(ladder.techniques()[3], Technique::NakedPair);
        let err = Ladder::from_list("singles,guessing").unwrap_err();
        assert!(matches!(&err, LadderError::Unknown { name, .. } if name == "guessing"));
        assert!(err.to_string().contains("singles, intersections"));
    }

    #[test]
    fn a_list_that_names_no_technique_is_refused() {
        for list in ["", ",", " , ,"] {
            let err = Ladder::from_list(list).unwrap_err();
            assert!(matches!(err, LadderError::Empty { .. }), "{list:?}: {err}");
        }
    }
}
