//! How a game ended: scores, ranks, winners and why.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// The result of a finished game (the default is an empty one, for a buffer to write into).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Each seat's final score, by seat index.
    pub scores: Vec<i64>,
    /// Each seat's rank, by seat index: 1 is best; tied seats share a rank.
    pub ranks: Vec<u8>,
    /// The seats ranked first. Empty when a co-operative team lost.
    pub winners: Vec<Seat>,
    /// True for co-operative games: everyone wins or loses together.
    pub cooperative: bool,
    /// A short stable code for why the game ended (`all_safes_cracked`, `last_player_standing`...).
    pub reason: String,
    /// The same, for a person: a phrase with no full stop of its own, as the terminal, the
    /// protocol and the reports write it into their own sentences ("Game over: {detail}.").
    pub detail: String,
}

impl Outcome {
    /// A competitive outcome ranked by `keys` (higher is better, compared lexicographically:
    /// the score first, then any tie-breaks the game's options call for). Seats with equal
    /// keys share a rank; everyone ranked first wins.
    pub fn ranked<K: PartialOrd>(scores: Vec<i64>, keys: &[K], reason: &str, detail: impl Into<String>) -> Self {
        debug_assert_eq!(scores.len(), keys.len());
        let ranks = ranks_of(keys);
        Self::competitive(scores, ranks, reason, detail)
    }

    /// A competitive outcome ranked by the scores alone ([`Outcome::ranked`] with each score as
    /// its seat's only key, without a key vector per seat: a simulator ends millions of games).
    pub fn ranked_by_score(scores: Vec<i64>, reason: &str, detail: impl Into<String>) -> Self {
        let ranks = ranks_of(&scores);
        Self::competitive(scores, ranks, reason, detail)
    }

    /// Rewrites this outcome as [`Outcome::ranked_by_score`] would build it from `scores`, but
    /// with no sentence for a person (`detail` is left empty) and reusing its buffers: what
    /// [`Game::outcome_into`](crate::Game::outcome_into) writes for a simulator.
    pub fn rank_by_score_into(&mut self, scores: impl IntoIterator<Item = i64>, reason: &str) {
        let Outcome { scores: all, ranks, winners, .. } = self;
        all.clear();
        all.extend(scores);
        ranks.clear();
        winners.clear();
        for (seat, mine) in all.iter().enumerate() {
            let rank = rank_among(mine, all);
            ranks.push(rank);
            if rank == 1 {
                winners.push(Seat(seat as u8));
            }
        }
        self.cooperative = false;
        self.reason.clear();
        self.reason.push_str(reason);
        self.detail.clear();
    }

    fn competitive(scores: Vec<i64>, ranks: Vec<u8>, reason: &str, detail: impl Into<String>) -> Self {
        let winners = Seat::all(scores.len()).filter(|s| ranks[s.index()] == 1).collect();
        Outcome { scores, ranks, winners, cooperative: false, reason: reason.to_owned(), detail: detail.into() }
    }

    /// A co-operative outcome: every seat scores `score`; all win or all lose.
    pub fn team(players: usize, score: i64, won: bool, reason: &str, detail: impl Into<String>) -> Self {
        Outcome {
            scores: vec![score; players],
            ranks: vec![1; players],
            winners: if won { Seat::all(players).collect() } else { Vec::new() },
            cooperative: true,
            reason: reason.to_owned(),
            detail: detail.into(),
        }
    }

    /// The share of the win that goes to `seat`: 1 for a sole winner, 1/k when k seats tie
    /// for first, 0 otherwise. Win shares over all seats add up to 1 (0 when a team lost).
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(&seat) { self.winner_share() } else { 0.0 }
    }

    /// Every seat's [`Outcome::win_share`], for a table of `players`, written into `out`: one
    /// pass over the winners rather than a search of them for each seat, whose result a random
    /// game's processor cannot predict (a simulator writes it for millions of games).
    pub fn win_shares_into(&self, players: usize, out: &mut Vec<f64>) {
        // A simulator's buffer has the table's length from the second game on: zeroed in place.
        if out.len() == players {
            out.fill(0.0);
        } else {
            out.clear();
            out.resize(players, 0.0);
        }
        let share = self.winner_share();
        for winner in &self.winners {
            if let Some(slot) = out.get_mut(winner.index()) {
                *slot = share;
            }
        }
    }

    /// What each winner gets.
    fn winner_share(&self) -> f64 {
        if self.cooperative { 1.0 } else { 1.0 / self.winners.len() as f64 }
    }
}

/// Each seat's rank by `keys` (higher is better): 1 + the seats with a greater key, so equal
/// keys share a rank.
fn ranks_of<K: PartialOrd>(keys: &[K]) -> Vec<u8> {
    keys.iter().map(|mine| rank_among(mine, keys)).collect()
}

/// The rank of `mine` among `keys` (higher is better): 1 + the keys greater than it.
fn rank_among<K: PartialOrd>(mine: &K, keys: &[K]) -> u8 {
    1 + keys.iter().filter(|other| *other > mine).count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_into_a_used_outcome_ranks_as_a_new_one() {
        let mut reused = Outcome::team(6, 4, true, "stale", "stale");
        for scores in [vec![3, 1, 3, 0], vec![0, 0], vec![-1, 5, 2], vec![2, 2, 2, 2, 2, 2]] {
            reused.rank_by_score_into(scores.iter().copied(), "why");
            let new = Outcome::ranked_by_score(scores, "why", "");
            assert_eq!(reused, new);
        }
    }

    #[test]
    fn ties_share_rank_and_win() {
        let o = Outcome::ranked(vec![5, 9, 9, 1], &[vec![5], vec![9], vec![9], vec![1]], "x", "");
        assert_eq!(o.ranks, vec![3, 1, 1, 4]);
        assert_eq!(o.winners, vec![Seat(1), Seat(2)]);
        assert_eq!(o.win_share(Seat(1)), 0.5);
        assert_eq!(o.win_share(Seat(0)), 0.0);
    }

    #[test]
    fn win_shares_into_gives_each_seats_win_share() {
        let mut shares = vec![7.0; 9];
        for outcome in [
            Outcome::ranked(vec![5, 9, 9, 1], &[vec![5], vec![9], vec![9], vec![1]], "x", ""),
            Outcome::ranked_by_score(vec![3, 1, 0], "x", ""),
            Outcome::team(4, 2, true, "x", ""),
            Outcome::team(4, 2, false, "x", ""),
        ] {
            outcome.win_shares_into(outcome.scores.len(), &mut shares);
            let each: Vec<f64> = Seat::all(outcome.scores.len()).map(|s| outcome.win_share(s)).collect();
            assert_eq!(shares, each, "{outcome:?}");
        }
    }

    #[test]
    fn tie_break_keys_separate_equal_scores() {
        let o = Outcome::ranked(vec![9, 9], &[vec![9, 2], vec![9, 3]], "x", "");
        assert_eq!(o.ranks, vec![2, 1]);
        assert_eq!(o.winners, vec![Seat(1)]);
    }

    #[test]
    fn ranking_by_score_is_ranking_by_the_score_as_the_only_key() {
        for scores in [vec![5, 9, 9, 1], vec![0, 0, 0], vec![3, 1, 2, 0, 4, 5]] {
            let keys: Vec<Vec<i64>> = scores.iter().map(|s| vec![*s]).collect();
            let by_keys = Outcome::ranked(scores.clone(), &keys, "x", "d");
            assert_eq!(Outcome::ranked_by_score(scores, "x", "d"), by_keys);
        }
    }
}
