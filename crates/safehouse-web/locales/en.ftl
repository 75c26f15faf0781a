# The browser table in English. Every message of the table is here; ko.ftl and de.ftl have the
# same ids (a test checks). Values are written { $name }; plurals select on a number:
# { $count -> [one] ... *[other] ... }.

## Words shared by every page

bot-level-easy = easy
bot-level-medium = medium
bot-level-hard = hard
bot-level-unknown = bot
# An ordinal place in a ranking: 1st, 2nd, 3rd, 4th, 11th...
place = { NUMBER($rank, type: "ordinal") ->
        [one] { $rank }st
        [two] { $rank }nd
        [few] { $rank }rd
       *[other] { $rank }th
    }
# Between the items of a list but the last two.
list-separator = {", "}
# A list's last two items: "a, b and c".
list-last = { $rest } and { $last }

## Explosiv

explosiv-red = red
explosiv-blue = blue
explosiv-green = green
explosiv-yellow = yellow
explosiv-carried = carried
explosiv-rows = Rows
explosiv-empty = empty
explosiv-no-cards-yet = No cards yet.
explosiv-cards = Cards:{" "}
explosiv-place-the-chosen-card-here = Place the chosen card here.
explosiv-your-cards = Your cards
explosiv-no-cards-left-this-round = No cards left this round.
explosiv-choose-a-card = Choose a card
explosiv-choose-a-card-then-the = Choose a card, then the row to place it at the end of. Not directly on your own card; each number once per row (8s may repeat); the 8th card of a row blows it up.
explosiv-no-card-of-yours-fits = No card of yours fits any row: choose a card to give up.
explosiv-give-up-the-chosen-card = Give up the chosen card
explosiv-no-card-of-yours-fits-any-row = No card of yours fits any row: pass and keep your cards.
explosiv-pass = Pass
explosiv-row = Row
explosiv-card = Card
explosiv-totals = Totals
explosiv-taken-by = Taken by
explosiv-nobody = nobody
explosiv-the-game-is-over = The game is over.
explosiv-gave-up = gave up:{" "}
explosiv-holds = holds:{" "}
explosiv-may-hold = may hold:{" "}
explosiv-face-down = {" "}face down
explosiv-on-the-tie-break = {" "}on the tie-break
explosiv-at-this-table-a-player = At this table a player who cannot place a card passes and keeps their cards.
explosiv-at-this-table-a-player-who-cannot = At this table a player who cannot place a card gives one up.
explosiv-you-can-still-place-a = You can still place a card.
explosiv-cards-in-hand = { $count ->
        [one] 1 card in hand
       *[other] { $count } cards in hand
    }
# A number card in a sentence: "a 5", "an 8".
explosiv-a-card = { $card ->
        [8] an 8
       *[other] a { $card }
    }
explosiv-bomb-value = bomb { $value }
explosiv-briefcase-value = briefcase { $value }
# The bomb side of a briefcase still face up ($value: "−4").
explosiv-bomb-side = bomb { $value }
# A row holding 7 cards: the next card placed there is its 8th and turns the briefcase over.
explosiv-next-card-explodes = The next card here blows this row up: bomb { $value }
explosiv-row-row = row { $row }
explosiv-round = Round { $round }
explosiv-explosive-cards-left-in-the = Explosive cards left in the deck: { $deck_count }
explosiv-out-of-the-game-removed = out of the game: { $removed }
explosiv-row-explosive = Row { $row }: { $explosive }
explosiv-card-card = card { $card }
explosiv-how-round-was-scored = How round { $round } was scored
explosiv-round-who-place-a = Round { $round } · { $who }: place a card
explosiv-score-points = { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
explosiv-round-begins-name-plays = Round { $round } begins: { $name } plays first.
explosiv-who-placed-card-on-row = { $who } placed { $card } on row { $row }.
explosiv-row-blows-up-its = Row { $row } blows up: its card is now a { $explosive }.
explosiv-row-is-the-longest = Row { $row } is the longest and blows up (two-player rule): { $explosive }.
explosiv-who-cannot-place-a-card = { $who } cannot place a card and gives up { $card }{ $detail }.
explosiv-who-cannot-place-a-card-and-gives = { $who } cannot place a card and gives one up face down.
explosiv-who-cannot-place-a-card-and-passes = { $who } cannot place a card and passes.
explosiv-row-explosive-who-takes = Row { $row } ({ $explosive }): { $who } takes it{ $detail }.
explosiv-row-explosive-a-tie = Row { $row } ({ $explosive }): a tie, nobody takes it.
explosiv-row-explosive-no-cards = Row { $row } ({ $explosive }): no cards, nobody takes it.
explosiv-round-is-over = Round { $round } is over.
explosiv-place-card-on-row = Place { $card } on row { $row }
explosiv-give-up-card = Give up { $card }
explosiv-there-is-no-row = There is no row { $row_name } this round.
explosiv-you-do-not-hold-a = You do not hold a { $card }.
explosiv-row-name-has-blown = Row { $row_name } has blown up and takes no more cards at this table.
explosiv-row-name-ends-with = Row { $row_name } ends with your own card: you may not place directly on it. Choose another row.
explosiv-row-name-already-has = Row { $row_name } already has a { $card }: each number only once per row (only 8s repeat).
explosiv-you-can-still-place-a-card-your = You can still place a card (your { $card }, for one): you may only sit out when you cannot.
explosiv-after-round-rounds-points-are = After { $round ->
        [one] 1 round
       *[other] { $round } rounds
    }: points are the explosive cards won (bombs count against).

## The Safe

the-safe-orange = orange
the-safe-green = green
the-safe-yellow = yellow
the-safe-blue = blue
the-safe-pink = pink
the-safe-even-numbers-only = even numbers only
the-safe-odd-numbers-only = odd numbers only
the-safe-ascending-only = ascending only
the-safe-descending-only = descending only
the-safe-up-or-down = up or down
the-safe-closed = closed
the-safe-or = {" "}or{" "}
the-safe-the-safe-is-cracked = the safe is cracked!
the-safe-colours-in-play = Colours in play:{" "}
the-safe-restriction-face-down = restriction: face down
the-safe-no-cards-yet = no cards yet
the-safe-cards = Cards:{" "}
the-safe-play-the-chosen-card-here = Play the chosen card here.
the-safe-your-cards-only-you-see = Your cards (only you see them)
the-safe-your-hand-is-empty = Your hand is empty.
the-safe-choose-a-card = Choose a card
the-safe-choose-a-card-then-the = Choose a card, then the row to play it under. You must play if you can.
the-safe-none-of-your-cards-fits = None of your cards fits any row: pass.
the-safe-pass = Pass
the-safe-named-so-far = Named so far:{" "}
the-safe-the-code-was = The code was{" "}
the-safe-the-team-named = The team named{" "}
the-safe-the-team-cracked-five-safes = The team cracked five safes in a row!
the-safe-the-game-is-over = The game is over.
the-safe-starts-each-mission = starts each mission
the-safe-passed = passed
the-safe-holds = holds:{" "}
the-safe-nothing = nothing
the-safe-play-ends-every-hand-is = Play ends: every hand is empty. Time to name the code.
the-safe-play-ends-nobody-can-play = Play ends: nobody can play. Everyone shows which colours they still hold.
the-safe-there-are-only-rows-1 = There are only rows 1 to 4.
the-safe-you-must-play-a-card = You must play a card when you can: one of your cards fits a row.
the-safe-the-code-is-named-only = The code is named only once play has ended.
the-safe-code-numbers-go-from-0 = Code numbers go from 0 to 9.
the-safe-the-numbers-each-colours-hidden = The numbers each colour's hidden code can still be, from what you see: your hand, the rows, and who passed.
the-safe-possible = possible
the-safe-ruled-out = ruled out
the-safe-cards-in-hand = { $count ->
        [one] 1 card in hand
       *[other] { $count } cards in hand
    }
the-safe-safes-cracked-in-a-row = { $count ->
        [one] 1 safe cracked in a row
       *[other] { $count } safes cracked in a row
    }
the-safe-must-include-colour = must include { $colour }
the-safe-from-last = ↑ from { $last }
the-safe-from-last-2 = ↓ from { $last }
the-safe-wrong-code-for-wrong = wrong code for { $wrong }
the-safe-everybody-holds-colour-nobody-may = everybody holds { $colour }: nobody may name it, the safe cannot be cracked
the-safe-row-lacks-its-colour = row { $row } lacks its colour { $colour }
the-safe-mission-of-missions = Mission { $mission } of { $missions }
the-safe-safes-cracked-of-missions = { $completed } of { $missions } safes cracked in a row
the-safe-draw-pile-draw-pile-cards = Draw pile: { $draw_pile ->
        [one] 1 card
       *[other] { $draw_pile } cards
    }
the-safe-best-streak-best = Best streak: { $best }
the-safe-missions-played-attempts = missions played: { $attempts }
the-safe-row-up-to-colours = Row { $row }: up to { $colour_card ->
        [one] 1 colour
       *[other] { $colour_card } colours
    }
the-safe-play-is-over-name-the = Play is over. Name the hidden { $colour } code number for the team (guessing is allowed):
the-safe-mission-result = Mission { $mission }: { $result }
the-safe-mission-who-play-a = Mission { $mission } · { $who }: play a card
the-safe-mission-who-name-the = Mission { $mission } · { $who }: name the { $colour } code for the team
the-safe-cannot-hold-cards = cannot hold: { $cards }
the-safe-a-restriction-card-is-turned = A restriction card is turned over under row { $row }: { $restriction }.
the-safe-mission-begins = Mission { $mission } begins.
# $attempt counts every mission the team has played in this game, failed ones too.
the-safe-mission-begins-after-a-failure = Mission { $mission } begins: the team's { NUMBER($attempt, type: "ordinal") ->
        [one] { $attempt }st
        [two] { $attempt }nd
        [few] { $attempt }rd
       *[other] { $attempt }th
    } mission of the game.
the-safe-you-were-dealt-cards = You were dealt { $cards }.
the-safe-who-played-card-under-row = { $who } played { $card } under row { $row }.
the-safe-you-drew-card = You drew { $card }.
the-safe-who-cannot-play-and-passes = { $who } cannot play and passes.
the-safe-who-names-number-for-colour = { $who } names { $number } for { $colour }.
the-safe-the-team-wins-with-score = The team wins with { $score ->
        [one] 1 safe
       *[other] { $score } safes
    } cracked!
the-safe-the-team-loses-with-score = The team loses, with { $score ->
        [one] 1 safe
       *[other] { $score } safes
    } cracked.
the-safe-play-card-under-row = Play { $card } under row { $row }
the-safe-name-number-as-the-colour = Name { $number } as the { $colour } code
the-safe-card-text-is-not-in = { $card_text } is not in your hand.
the-safe-row-holds-as-many-colours-as-allowed = Row { $row_no } already holds { $colours ->
        [one] 1 colour
       *[other] { $colours } colours
    }, as many as its colour card allows: { $card_text } would be one more.
the-safe-row-no-must-keep = Row { $row_no } must keep its last free colour for the colour its restriction card names.
the-safe-row-no-takes-even = Row { $row_no } takes even numbers only.
the-safe-row-no-takes-odd = Row { $row_no } takes odd numbers only.
the-safe-card-text-does-not-fit = { $card_text } does not fit row { $row_no }, which can only go on { $row_view }.
the-safe-play-has-ended-name-the = Play has ended: name the { $colour } code number.
the-safe-five-safes-cracked-in-a = Five safes cracked in a row: the team wins.
the-safe-the-teams-score = The team's score: { $score }.

## Club Unlock

club-unlock-red = red
club-unlock-green = green
club-unlock-yellow = yellow
club-unlock-blue = blue
club-unlock-your-keys-open-it = ; your keys open it
club-unlock-key-piles = Key piles
club-unlock-everyone-chooses-four-starting-keys = Everyone chooses four starting keys in secret: the piles are not shown until everybody has chosen.
club-unlock-take-one = : take one
club-unlock-safes-on-display = Safes on display
club-unlock-the-seven-safes-are-laid = The seven safes are laid out once everybody has chosen their starting keys.
club-unlock-no-safes-on-display = No safes on display.
club-unlock-your-keys = Your keys
club-unlock-take-one-key-from-a = Take one key from a pile, or crack a safe your keys open (marked ✓). After a crack you may crack more.
club-unlock-end-my-turn = End my turn
club-unlock-nothing-can-be-done-pass = Nothing can be done: pass.
club-unlock-pass = Pass
club-unlock-the-game-is-over = The game is over.
club-unlock-what-this-players-takes-and = What this player's takes and cracks prove
club-unlock-end-the-turn = End the turn
club-unlock-you-have-cracked-a-safe = You have cracked a safe this turn, so you can no longer take a key: crack another safe or end your turn.
club-unlock-that-safe-is-not-on = That safe is not on display.
club-unlock-take-a-key-or-crack = Take a key or crack a safe before ending your turn.
club-unlock-you-can-still-take-a = You can still take a key or crack a safe, so you cannot pass.
club-unlock-first-take-your-four-starting = First take your four starting keys, one at a time: click a pile.
club-unlock-that-move-does-not-fit = That move does not fit this moment of the game.
club-unlock-there-is-no-bonus-marker = There is no bonus marker to place.
club-unlock-money-the-values-of-the = Money: the values of the safes cracked plus 10 per bonus marker.
club-unlock-keys = { $count ->
        [one] 1 key
       *[other] { $count } keys
    }
club-unlock-safes = { $count ->
        [one] 1 safe
       *[other] { $count } safes
    }
club-unlock-bonus-markers = { $count ->
        [one] 1 bonus marker
       *[other] { $count } bonus markers
    }
club-unlock-safe-code-value = safe #{ $safe } ({ $code }, ${ $value })
club-unlock-safe-keys-worth = Safe #{ $safe }: keys { $keys }; worth ${ $value }
club-unlock-markers-bonus-marker-s = ; { $markers ->
        [one] 1 bonus marker
       *[other] { $markers } bonus markers
    }
club-unlock-colour-keys-piles-left = { $colour } keys: { $piles } left
club-unlock-colour-keys-the-pile-is = { $colour } keys: the pile is empty
club-unlock-colour-keys = { $colour } keys
club-unlock-bonus-supply-bonus-markers-left = { $bonus_supply ->
        [one] 1 bonus marker left
       *[other] { $bonus_supply } bonus markers left
    }
club-unlock-deck-size-safes-in-the = { $deck_size ->
        [one] 1 safe in the deck
       *[other] { $deck_size } safes in the deck
    }
club-unlock-choose-starting-key-taken-of = Choose starting key { $taken } of 4: click a pile. Nobody else sees which.
club-unlock-choose-starting-key-taken-of-4-click = Choose starting key { $taken } of 4: click a pile.
club-unlock-you-cracked-safe-s = You cracked { $cracked ->
        [one] 1 safe
       *[other] { $cracked } safes
    } this turn. Crack another for a serial-break bonus, or end your turn.
club-unlock-you-took-the-last-colour = You took the last { $colour } key: put the bonus marker under a safe that needs { $colour2 }.
club-unlock-who-choosing-starting-key-taken = { $who }: choosing starting key { $taken } of 4
club-unlock-who-take-a-key-or = { $who }: take a key or crack safes
club-unlock-who-cracking-cracked-safe-s = { $who }: cracking ({ $cracked ->
        [one] 1 safe
       *[other] { $cracked } safes
    } so far this turn)
club-unlock-who-placing-the-bonus-marker = { $who }: placing the bonus marker of the empty { $colour } pile
club-unlock-keys-keys = keys: { $keys }
club-unlock-keys-worked-out-from-the = keys (worked out from the takes and cracks): { $keys }
club-unlock-at-least-known-keys = (at least { $known_keys })
club-unlock-who-took-a-colour-starting = { $who } took a { $colour } starting key.
club-unlock-who-took-a-starting-key = { $who } took a starting key, unseen.
club-unlock-everybody-has-chosen-their-starting = Everybody has chosen their starting keys; the piles hold { $keys }.
club-unlock-who-took-a-colour-key = { $who } took a { $colour } key.
club-unlock-the-colour-pile-is-empty = The { $colour } pile is empty.
club-unlock-a-bonus-marker-goes-under = A bonus marker goes under { $safe } (empty { $colour } pile).
club-unlock-no-displayed-safe-needs-colour = No displayed safe needs { $colour }: no bonus marker.
club-unlock-who-cracked-safe = { $who } cracked { $safe }.
club-unlock-who-cracked-safe-with-markers = { $who } cracked { $safe } with { $markers ->
        [one] 1 bonus marker
       *[other] { $markers } bonus markers
    } under it.
club-unlock-who-earns-a-serial-break = { $who } earns a serial-break bonus (+10).
club-unlock-who-cracked-the-last-safe = { $who } cracked the last safe on display: bonus (+10).
club-unlock-no-bonus-markers-are-left = No bonus markers are left for { $name }.
club-unlock-new-on-display-safe = New on display: { $safe }.
club-unlock-nobody-can-ever-crack-the = Nobody can ever crack the { $stuck ->
        [one] safe
       *[other] { $stuck } safes
    } left: new safes are laid out beside them.
club-unlock-who-passed = { $who } passed.
club-unlock-take-a-colour-key = Take a { $colour } key
club-unlock-crack-safe = Crack { $safe }
club-unlock-put-the-bonus-marker-under = Put the bonus marker under { $safe }
club-unlock-the-colour-pile-is-empty-take-a = The { $colour } pile is empty: take a key of another colour.
club-unlock-safe-needs-keys-you = Safe #{ $safe } needs { $keys }; you are missing: { $missing }.
club-unlock-safe-needs-no-colour = Safe #{ $safe } needs no { $colour } key, so the bonus marker cannot go there: choose a safe that shows { $colour2 }.
club-unlock-first-put-the-bonus-marker = First put the bonus marker under a displayed safe that needs a { $colour } key.

## Safe Breaker

safe-breaker-red = red
safe-breaker-blue = blue
safe-breaker-yellow = yellow
safe-breaker-green = green
safe-breaker-purple = purple
safe-breaker-orange = orange
safe-breaker-lock-unknown = lock unknown
safe-breaker-key-unknown = key unknown
safe-breaker-in-play = in play
safe-breaker-your-code = Your code:{" "}
safe-breaker-only-you-see-it-until = Only you see it (until it is cracked).
safe-breaker-players-codes = Players' codes
safe-breaker-lock = Lock:{" "}
safe-breaker-unknown = unknown
safe-breaker-key = Key:{" "}
safe-breaker-set-aside-face-up = Set aside, face up:{" "}
safe-breaker-key-2 = key{" "}
safe-breaker-1-a-colour = 1. A colour
safe-breaker-2-a-number = 2. A number
safe-breaker-3-then-ask-the-table = 3. Then ask the table, or accuse a player of holding exactly that code (a wrong accusation puts you out).
safe-breaker-ask-do-you-have-this = Ask: "Do you have this colour or number?"
safe-breaker-the-question-limit-is-reached = The question limit is reached: only accusations now.
safe-breaker-questions-and-guesses = Questions and guesses
safe-breaker-no-notes-at-this-table = No notes at this table: play from memory.
safe-breaker-nothing-asked-yet = Nothing asked yet.
safe-breaker-who = Who
safe-breaker-what = What
safe-breaker-answers = Answers
safe-breaker-no = No
safe-breaker-yes = Yes
safe-breaker-nobody-asks-again = nobody: asks again
safe-breaker-right = right
safe-breaker-wrong = wrong
safe-breaker-the-game-is-over = The game is over.
safe-breaker-code-cracked = code cracked
safe-breaker-wrong-guess = wrong guess
safe-breaker-the-question-limit-is-reached-now-only = The question limit is reached: now only a guess at a whole code (lock and key) may be made.
safe-breaker-there-is-no-such-player = There is no such player at this table.
safe-breaker-you-cannot-accuse-yourself = You cannot accuse yourself.
safe-breaker-guessing-only-a-lock-or = Guessing only a lock or only a key needs the Keep it simple variant.
safe-breaker-from-your-code-the-parts = From your code, the parts face up and every answer so far: the codes each player can still hold, and how likely each is.
safe-breaker-lock-colour = lock { $colour }
safe-breaker-key-number = key { $number }
safe-breaker-out-place-code-cracked = out { $place } (code cracked)
safe-breaker-out-place-wrong-guess = out { $place } (wrong guess)
safe-breaker-accuse-name-that-is-your = Accuse { $name }: that is your code!
safe-breaker-name-s-lock-is-this = { $name }'s lock is this colour
safe-breaker-name-s-key-is-this = { $name }'s key is this number
safe-breaker-accuses-name-guess = accuses { $name }: { $guess }
safe-breaker-who-ask-a-question-or = { $who }: ask a question or accuse a player
safe-breaker-who-asks-do-you-have = { $who } asks: "Do you have { $colour } or { $number }?"
safe-breaker-who-yes = { $who }: Yes.
safe-breaker-who-no = { $who }: No.
safe-breaker-everybody-said-no-who-goes = Everybody said No: { $who } goes again.
safe-breaker-who-accuses-name-of-guess = { $who } accuses { $name } of { $guess }: { $detail }.
safe-breaker-who-shows-their-half = { $who } shows their { $half }.
safe-breaker-who-is-out-why-code = { $who } is out ({ $why }): { $code }.
safe-breaker-who-is-out-why-the = { $who } is out ({ $why }); the code stays face down.
safe-breaker-who-is-the-last-one = { $who } is the last one standing and wins!
safe-breaker-name-s-code-was-code = { $name }'s code was { $code }.
safe-breaker-ask-colour-or-number = Ask: { $colour } or { $number }?
safe-breaker-accuse-name-of-colour-number = Accuse { $name } of { $colour } { $number }
safe-breaker-name-s-lock-is-colour = { $name }'s lock is { $colour }
safe-breaker-name-s-key-is-number = { $name }'s key is { $number }
safe-breaker-target-is-already-out-of = { $target } is already out of the game.
safe-breaker-that-half-of-target-s = That half of { $target }'s code is already face up.
safe-breaker-certainly-code = certainly { $code }
safe-breaker-possible-count-possible-codes = { $possible_count ->
        [one] 1 possible code
       *[other] { $possible_count } possible codes
    }
safe-breaker-possible-codes-of-name = Possible codes of { $name }
safe-breaker-most-likely-code = Most likely: { $code }{" "}
safe-breaker-worlds-ways-the-hidden-codes = { $worlds ->
        [one] Only 1 way the hidden codes can still lie.
       *[other] { $worlds } ways the hidden codes can still lie.
    }
safe-breaker-log-count-questions-and-guesses = { $log_count ->
        [one] 1 question or guess was made.
       *[other] { $log_count } questions and guesses were made.
    }

## Every game

you = You
bot = bot
you-2 = you
bot-n = Bot { $n }
player-n = Player { $n }
name-you = { $name } (you)

## Setup words

random = random
no-limit = no limit
none = none
yes = yes
no = no
seat = seat { $seat }

## Table

the-team-lost = The team lost.
the-team-won = The team won!
# Before the list of a co-operative team's players.
the-team = The team:
game-over = Game over
your-turn = Your turn
you-are-watching-this-table = You are watching this table.
you-are-watching-your-own = You are watching your own seat: moves are made on the table page.
result = Result
place-2 = Place
player = Player
score = Score
winner = winner
watch-the-replay = Watch the replay
invite-friends = Invite friends
send-each-friend-the-link = Send each friend the link of their seat. A seat nobody takes is played by a bot after a while, or at once with "Let a bot play this seat".
copy = Copy
players = Players
to-play = to play
not-joined-yet = not joined yet
let-a-bot-play-for-me = Let a bot play for me
a-bot-plays-your-seat-until = A bot plays your seat until you are back (a move of your own, or "I'm back", takes it back).
let-a-bot-play-this-seat = Let a bot play this seat
a-bot-plays-this-seat-until = Nobody has joined this seat yet: a bot plays it until its person joins (with their invite).
im-back = I'm back
hints-what-you-can-deduce = Hints: what you can deduce
no-hints-right-now = No hints right now.
the-table-is-not-available = The table is not available
game-log = Game log
what-happens-at-the-table = What happens at the table appears here.
how-to-play = How to play
the-rulebook-on-a-page = The rulebook on a page of its own
without-javascript-the-table-does = Without JavaScript the table does not update by itself: reload the page to see new moves.
connection-lost-reconnecting = Connection lost: reconnecting…
no-such-table = No such table
this-match-does-not-exist = This match does not exist (or the link is cut short).
you-are-watching-only-players = You are watching: only players at the table can move.
choose-a-move = Choose a move.
that-move-is-not-understood = That move is not understood here.
not-allowed-that-move-breaks = Not allowed: that move breaks a rule of the game.
it-is-not-your-turn = It is not your turn.
the-table-moved-on-before = The table moved on before your move arrived: look again and choose.
the-game-is-over = The game is over.
this-browser-does-not-hold = This browser does not hold a seat at this table.
too-many-clicks-at-once = Too many clicks at once: wait a moment.
the-move-was-not-accepted = The move was not accepted: try again.
pick-a-card-from-your = Pick a card from your hand first.
choose-a-colour-first = Choose a colour first.
choose-a-number-first = Choose a number first.
make-every-choice-of-the = Make every choice of the move first.
winners-won = { $winners } won!
shared-win = Shared win: { $winners }
game-over-game = Game over · { $game }
your-turn-game = Your turn · { $game }
name-to-play = { $name } to play
seat-n = Seat { $n }
all-your-legal-moves-legal = All your legal moves ({ $legal_count })
a-bot-plays-for-you = a bot plays for you
a-bot-plays-for-name = a bot plays for { $name }
not-allowed-why = Not allowed: { $why }
it-is-not-your-turn-name-is = It is not your turn: { $name } is to play.

## Replay

no-replay = No replay
this-match-is-still-being = This match is still being played: its replay opens when it ends.
this-match-has-no-record = This match has no record.
this-record-does-not-replay = This record does not replay.
steps = Steps
start = Start
back = Back
next = Next
end = End
move = Move
seen-by = Seen by
a-spectator = a spectator
show = Show
keys-and-step-back-and = Keys: ← and → step back and forth.
moves = Moves
replay-play = Play
replay-pause = Pause
replay-game = Replay: { $game }
move-step-of-total = Move { $step } of { $total }

## Terminal

name-you-2 = { $name } (you)

## Page

skip-to-the-content = Skip to the content
site = Site
games = Games
switch-language = Switch language
the-api = The API
about-this-server = About this server
safehouse-rules-engines-and-an = Safehouse: rules engines and an online table for safe-cracking card games. Hidden cards stay with their holders: every page is drawn from your own view of the table.
back-to-the-games = Back to the games

## The games on the home and setup pages

game-name-club-unlock = Club Unlock / CASH
game-summary-club-unlock = Collect coloured keys and crack safes from an open display; serial cracks and the last safe earn bonuses.
how-to-club-unlock-1 = Everyone first picks four keys, one at a time, in secret: nobody sees the others' picks (nor the piles) until everybody has chosen. Then seven safes are laid out.
how-to-club-unlock-2 = On your turn, either take one key from a pile (that ends your turn), or crack safes from the display: hand in the four keys a safe shows and take it. You may crack several safes in one turn, then end it.
how-to-club-unlock-3 = Each safe after the first in a turn earns a bonus marker (+10); so does cracking the last safe on display.
how-to-club-unlock-4 = When a pile runs out, a bonus marker goes under a safe that needs that colour (the editions differ: see the options).
how-to-club-unlock-5 = When every safe is cracked, the most money (safes plus bonus markers) wins.
game-name-safe-breaker = Safe Breaker
game-summary-safe-breaker = Ask round the table about colours and numbers, deduce every secret code, and be the last one standing.
how-to-safe-breaker-1 = Each player secretly holds a code: one coloured lock and one numbered key (1 to 6).
how-to-safe-breaker-2 = On your turn, ask the table about a colour and a number ("red 4?"). Going left, the first player who holds that colour or that number says Yes and takes the turn; if everyone says No, you go again.
how-to-safe-breaker-3 = Or point at a player and guess their whole code: right, they are out and you go again; wrong, you are out and they take the turn.
how-to-safe-breaker-4 = The last player standing wins. The question log (and the optional hint panel) help you deduce.
game-name-explosiv = Explosiv
game-summary-explosiv = Place number cards before briefcases; the highest total takes each one, unless its row's 8th card turned it into a bomb.
how-to-explosiv-1 = Each player holds number cards 1 to 8 in their colour. Each round lays out one more explosive card (a briefcase) than there are players.
how-to-explosiv-2 = On your turn, place a card at the end of any row: never directly on your own card, and each number only once per row (8s may repeat).
how-to-explosiv-3 = The card that becomes a row's 8th card blows it up: its briefcase turns into a bomb (negative points).
how-to-explosiv-4 = When all cards are placed, the highest total in each row (the row's last card adds +2) takes its card. After the last round, the most points wins.
game-name-the-safe = The Safe
game-summary-the-safe = Co-operative: play number cards under colour cards without talking, then name the hidden code of each colour; crack five safes in a row.
how-to-the-safe-1 = Co-operative: the whole team wins or loses. Nobody may say which cards they hold.
how-to-the-safe-2 = On your turn, play a card from your hand under one of the four colour cards (you must if you can), then draw back to three.
how-to-the-safe-3 = A row holds at most as many colours as its colour card shows, and runs up or down (equal numbers allowed; a 0 may count as 10). Restriction cards add rules from mission 2.
how-to-the-safe-4 = When nobody can play, the team names the hidden code number of each colour; a player still holding a colour may not name it. All right: the safe is cracked. Crack five in a row to win.

## Presets in players' words: a name and one line

preset-club-unlock-club-unlock = Club Unlock (English edition)
preset-club-unlock-club-unlock-help = When a key pile runs out, whoever took the last key puts a bonus on one safe of their choice.
preset-club-unlock-cash = CASH (Korean edition)
preset-club-unlock-cash-help = When a key pile runs out, every safe on display that needs that colour gets a bonus.
preset-safe-breaker-standard = The rulebook
preset-safe-breaker-standard-help = The game as printed.
preset-safe-breaker-standard-with-limit = The rulebook with a question limit
preset-safe-breaker-standard-with-limit-help = As printed, but after 150 questions players may only guess whole codes, so the game always ends.
preset-safe-breaker-quick-game = Quick game
preset-safe-breaker-quick-game-help = All the locks and keys nobody holds are shown face up.
preset-safe-breaker-keep-it-simple = Keep it simple
preset-safe-breaker-keep-it-simple-help = A guess may name only someone's lock or only their key.
preset-safe-breaker-memory = From memory
preset-safe-breaker-memory-help = No question log: remember the answers yourself.
preset-safe-breaker-open-eliminations = Open eliminations
preset-safe-breaker-open-eliminations-help = A player who guesses wrong shows their code to everyone.
preset-explosiv-published = Published rules
preset-explosiv-published-help = The rules as published.
preset-explosiv-seed-only = Basic rules only
preset-explosiv-seed-only-help = No two-player rule, nothing placed on a blown-up row, tied rows go to nobody, red starts every round.
preset-explosiv-open = Open hands
preset-explosiv-open-help = The table shows everyone which cards each player may still hold.
preset-explosiv-hidden-discards = Hidden discards
preset-explosiv-hidden-discards-help = A player with nowhere to place a card discards one face down.
preset-the-safe-rulebook = The rulebook
preset-the-safe-rulebook-help = Crack five safes in a row; after a failed mission the team starts again from mission 1.
preset-the-safe-sudden-death = Sudden death
preset-the-safe-sudden-death-help = A failed mission loses the game.
preset-the-safe-strict-solo = Strict solo
preset-the-safe-strict-solo-help = Playing alone, a colour left in your hand keeps that safe shut.
preset-the-safe-forgiving = Forgiving
preset-the-safe-forgiving-help = A failed mission is played again; missions already cracked still count.

## Option values in players' words

option-value-choose-one-safe = on one safe of the taker's choice
option-value-every-matching-safe = on every safe that needs the colour
option-value-off = no bonus
option-value-shared = shared win
option-value-most-safes = most safes wins
option-value-perfect = everything anyone could see
option-value-counts-only = only how many
option-value-secret = in secret
option-value-open = in the open
option-value-all = all
option-value-accused = the player guessed at
option-value-guesser = the guesser
option-value-guesser-eliminated = the guesser is out
option-value-turn-passes-to-accused = only the turn passes
option-value-full = all of it
option-value-last-n = the last few
option-value-none = none
option-value-highest-card = highest single card
option-value-last-played = who played there last
option-value-discard-face-up = discard face up
option-value-discard-face-down = discard face down
option-value-skip-keep = pass and keep the cards
option-value-rotate = passes to the left
option-value-red-always = always red
option-value-lowest-score = lowest score
option-value-discard = leaves the game
option-value-carry-over = stays for the next round
option-value-most-briefcases = most briefcases wins
option-value-lose = the team loses
option-value-retry-mission = play the mission again
option-value-restart-from-mission-1 = start again from mission 1
option-value-left-to-right = left to right
option-value-random = random
option-value-reserve-slot = keep a place free
option-value-end-of-mission = check when the mission ends
option-value-fail = the safe stays shut
option-value-allowed = you may still name it
# A refused move the game has no words of its own for: the engine's English message as a sentence
# ($sentence); $message is the same uncapitalised, for languages that quote it.
illegal-move-engine-words = { $sentence }.

## Waiting room

somebody-took-that-seat-first = Somebody took that seat first.
this-table-needs-its-invite = This table needs its invite link.
you-already-sit-at-this = You already sit at this table.
only-whoever-set-up-the = Only whoever set up the table may do that.
nobody-sits-at-the-table = Nobody sits at the table yet.
the-game-has-started = The game has started.
this-table-expired = This table expired.
that-did-not-work-try = That did not work; try again.
a-player = A player
you-3 = (you)
leave-the-seat = Leave the seat
remove = Remove
free-the-seat = Free the seat
free = Free
kept-for = Free: kept for { $name }
kept-seats-wait = A seat kept for somebody is played by a bot until they come back.
take-this-seat = Take this seat
bot-level = Bot level
give-to-a-bot = Give to a bot
every-seat-is-taken = Every seat is taken.
start-the-game = Start the game
seats-still-free-are-played = Seats still free are played by bots.
invite-link = Invite link:
room-link-public-help = Anyone can also find the table on the home page; send this link to the friends you want at it.
room-link-private-help = Only people with this link can take a seat: send it to the friends you want at the table.
this-table-does-not-exist = This table does not exist (or the link is cut short).
this-table-expired-2 = This table expired
nobody-started-it-in-time = Nobody started it in time. Set up a new one.
a-public-table-anyone-can = A public table: anyone can find it on the home page and take a free seat.
a-private-table-only-people = A private table: only people with the invite link can take a seat.
your-name = Your name
this-browser-remembers-it-for = This browser remembers it for your next tables.
open-tables-join-a-game = Open tables: join a game
join = Join
seat-number = Seat { $number }
bot-difficulty = Bot: { $difficulty }
waiting-free-seats-until-start = { $free ->
        [one] 1 seat free
       *[other] { $free } seats free
    }. The game starts when every seat is taken, or when the host starts it.
waiting-room-game = Waiting room: { $game }
waiting-players-and-free-seats = { $players ->
        [one] 1 player
       *[other] { $players } players
    }, { $free ->
        [one] 1 seat free
       *[other] { $free } seats free
    }

## Home and setup

crack-safes-with-friends-or = Crack safes with friends or bots
four-card-games-about-safes = Four card games about safes, keys and codes. Pick a game, choose the rules and who sits at the table, and play in your browser.
games-2 = Games
play-now-against-bots = Play now against bots
set-up-a-table = Set up a table
tables = Tables
playing-now-watch = Playing now: watch
finished-replay = Finished: replay
default = (default)
who-plays = Who plays
players-2 = Players
seats-beyond-this-number-are = Seats beyond this number are left out.
your-name-optional = Your name (optional)
me = Me
a-friend-invite-link = A friend (invite link)
choose-me-for-one-seat = Choose "Me" for one seat to play, or for none to watch the bots play.
rules-edition = Rules edition
preset = Preset
defaults-no-preset = Defaults (no preset)
options = Options
more-rules = More rules
hint-panel = hint panel
let-players-open-a-panel = Let players open a panel showing what their own view lets them deduce (off by default).
how-to-play-2 = How to play
the-rulebook = The rulebook
the-table = The table
waiting-room = Waiting room
friends-take-the-seats-you = Friends take the seats you leave to "A friend"; you start when everyone is there (or it starts when the last seat is taken).
who-can-find-it = Who can find it
private-only-with-the-invite = Private: only with the invite link
public-listed-on-the-home = Public: listed on the home page
no-such-game = No such game
pick-one-of-the-games = Pick one of the games on the home page.
choose-how-many-play = Choose how many play.
choose-me-for-one-seat-only = Choose "Me" for one seat only.
choose-who-sits-at-each = Choose who sits at each seat.
choose-one-of-the-clocks = Choose one of the clocks offered.
something-went-wrong = Something went wrong
go-to-the-table = Go to the table
watch-the-table = Watch the table
take-the-seat = Take the seat
join-2 = Join
this-invite-link-does-not = This invite link does not work
ask-whoever-invited-you-for = Ask whoever invited you for the link again.
somebody-already-took-this-seat = Somebody already took this seat.
this-invite-code-does-not = This invite code does not open that seat.
the-seat-could-not-be = The seat could not be taken.
could-not-join = Could not join
players-min = { $min ->
        [one] 1 player
       *[other] { $min } players
    }
players-min-max = { $min }–{ $max } players
players-count = { $players ->
        [one] 1 player
       *[other] { $players } players
    }
moves-count = { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }
name-how-to-play = { $name }: how to play
the-option-option-is-not = The option { $option } is not readable.
the-table-could-not-be = The table could not be set up: { $message }
players-need-the-rule = { $players } players need the rule “{ $rule }”.
the-rule-does-not-fit = The rule “{ $rule }” does not fit this table.
join-a-table-of-game = Join a table of { $game }
this-browser-already-sits-at = This browser already sits at this table (seat { $seat }).
seat-n-is-already-taken = Seat { $n } is already taken.
you-are-invited-to-seat = You are invited to seat { $n }.

## Chat

spectator = Spectator
spectator-2 = spectator
spectators-chat = Spectators' chat
table-chat = Table chat
# A template the chat script fills: {n} stays as it is (the seat number goes there).
chat-player-n-template = Player {"{"}n{"}"}
the-players-read-the-spectators = The players read the spectators' chat only when the game is over.
no-messages-yet = No messages yet.
message = Message
write-a-message = Write a message
send = Send
the-players-chat-is-off = The players' chat is off at this table while the game is on (The Safe's rules forbid talking about cards).
chat = Chat
nothing-was-said-yet-at = Nothing was said yet at this move.
a-new-match-was-started = Play again: a new table was set up.
go-to-the-new-table = Go to the new table
join-take-my-seat = Join: take my seat
play-again = Play again
this-table-is-a-rematch = This table is a rematch:
the-previous-match = the previous match
the-players-chat-is-off-at-this = The players' chat is off at this table.
that-message-is-too-long = That message is too long (500 characters at most).
write-something-first = Write something first.
this-tables-chat-is-full = This table's chat is full.
too-many-messages-at-once = Too many messages at once: wait a moment.
the-message-was-not-sent = The message was not sent: try again.
no-seat-here = No seat here
only-the-players-of-a = Only the players of a match can start its rematch.
your-seat-in-the-new = Your seat in the new match was already taken.
the-match-is-not-over = The match is not over yet.
the-new-match-could-not = The new match could not be started: try again.

## Turn notifications

asking-the-browser = Asking the browser…
this-browser-will-tell-you = This browser will tell you when it is your turn.
the-browser-does-not-allow = The browser does not allow notifications for this site.
notifications-could-not-be-turned = Notifications could not be turned on.
this-browser-cannot-show-notifications = This browser cannot show notifications.
tell-me-when-it-is = Tell me when it is my turn
for-tables-played-over-hours = For tables played over hours or days: you are told once each time the turn comes to you.
notify-me-in-this-browser = Notify me in this browser
this-seat-has-browser-notifications = This seat has browser notifications on.
or-a-webhook-a-discord = Or a webhook (a Discord or Slack channel's URL)
save = Save
remove-2 = Remove
you-are-watching = You are watching
only-a-player-at-the = Only a player at the table can be told of their turn.
that-address-is-not-accepted = That address is not accepted: give an https URL of a public site (a Discord or Slack webhook).
too-many-changes-for-this = Too many changes for this table.
the-webhook-could-not-be = The webhook could not be saved: try again.
not-saved = Not saved
your-tables = Your tables
you-set-it-up = you set it up
tables-waiting-for-your-move = Tables waiting for your move
your-move = your move
one-day-per-move = 1 day per move
one-week-per-move = 1 week per move
pace = Pace
how-fast-to-play = How fast to play
real-time-all-at-the = Real time, all at the table (default)
turn-based = Turn-based:{" "}
turn-based-tables-are-played = Turn-based tables are played over days: each player has the chosen time for each move, nobody is replaced for being away, and you can be notified when it is your turn. When a deadline passes, a bot plays that move.
days-per-move = { $days ->
        [one] 1 day per move
       *[other] { $days } days per move
    }
hours-per-move = { $hours ->
        [one] 1 hour per move
       *[other] { $hours } hours per move
    }

## Game log

a-bot-for-who = a bot for { $who }

## Clocks

a-player-out-of-time = a player out of time passes where the game allows (otherwise a bot plays)
a-player-out-of-time-loses-the = a player out of time loses the game
a-bot-plays-for-a = a bot plays for a player out of time until they come back
time-left = Time left
time-left-2 = Time left:{" "}
time-for-this-move = Time for this move:
move-due = · due
clock = Clock
time-control = Time control
no-clock = No clock
each-player-has-a-time = Each player has a time bank that runs during their moves and grows by the increment after each move. Everyone sees the clocks count down.
when-a-clock-runs-out = When a clock runs out
a-bot-plays-for-that = A bot plays for that player
the-player-passes-where-the = The player passes where the game allows
the-player-loses-games-with = The player loses (games with a winner)
clock-minutes = { $minutes } min
clock-seconds = { $seconds } s
clock-bank-plus-increment = { $bank } + { $increment_secs } s per move
clock-control-on-timeout = Clock: { $control }; { $on_timeout }.

## Tutorials (the first games)

tutorial-first-games = First games
tutorial-index-intro = New to a game? Play a short first game: a set deal, a guide who tells you each move and why, the table's real controls, and a few bots that play along. It takes a few minutes and nothing is saved.
tutorial-learn = Learn with a first game
tutorial-title = First game: { $game }
tutorial-step-of = Step { $step } of { $steps }
tutorial-well-done = Well done!
tutorial-set-up-a-real-game = Set up a real game
tutorial-another = Another first game
tutorial-start-again = Start this first game again
tutorial-also-legal = That works too, but for this lesson try: { $action }.
tutorial-club-unlock-intro = You are retired safecrackers, three at the table. In a real game everyone first chooses four keys in secret; here yours are chosen: two red, one green and one blue. Each safe on display shows the four keys that open it and the money inside.
tutorial-club-unlock-1 = Safe #2 needs red, green, yellow and blue; safe #3 needs red, green and two blue. For both you need two red, two green, one yellow and three blue. Start with a green key: click the green pile. (A click on a safe would be refused: you do not hold its keys yet.)
tutorial-club-unlock-2 = Bot 2 cracked safe #1 with the keys it chose, and everyone saw the keys it handed back. Taking a key is your whole turn. Now take a blue key.
tutorial-club-unlock-3 = You could crack safe #3 already, but one safe alone earns no bonus. Take another blue key.
tutorial-club-unlock-4 = One key is missing for both safes: take a yellow key.
tutorial-club-unlock-5 = You hold the keys of both safes. Crack safe #2: click it. Its keys go back to their piles, and your turn goes on.
tutorial-club-unlock-6 = You still hold red, green and two blue: crack safe #3 too. A second safe in the same turn earns a serial-break bonus (10), and the last safe on display earns the last-safe bonus (10).
tutorial-club-unlock-finish = You took one key per turn, saw that a safe opens only with its four keys, and cracked two safes in one turn: 10 + 11 for the safes and two bonus markers of 10. The last safe was cracked, so the game is over. A real game has 35 safes, seven on display at a time, and one more bonus: when someone takes the last key of a pile, they put a marker under a safe that needs that colour.
tutorial-cash-finish = You took one key per turn, saw that a safe opens only with its four keys, and cracked two safes in one turn: 10 + 11 for the safes and two bonus markers of 10. The last safe was cracked, so the game is over. A real game has 35 safes, seven on display at a time, and one more bonus: in CASH, when a pile runs out, every safe on display that needs that colour gets a marker.
tutorial-safe-breaker-intro = Everyone holds a secret code: a lock colour and a key number. Yours is Blue 3. With three players three locks are set aside; in this lesson they lie face up (yellow, purple, orange), so Bot 2 and Bot 3 hold red and green, and two of the numbers 1, 2, 4, 5 and 6.
tutorial-safe-breaker-1 = Ask about red with your own number: choose red and 3, then Ask. The 3 is yours, so a Yes can only mean red. Your question goes to Bot 2 first.
tutorial-safe-breaker-2 = Bot 2 said Yes: it holds red, so Bot 3 holds green. Now the numbers. Nobody holds yellow (it lies face up), so in "yellow or 6?" only the 6 counts. Choose yellow and 6, then Ask.
tutorial-safe-breaker-3 = Nobody said Yes: nobody holds a 6, and you ask again. Choose yellow and 1, then Ask.
tutorial-safe-breaker-4 = Bot 2 said No, so the question went on to Bot 3, who said Yes: Bot 3 is Green 1. Now choose yellow and 5, then Ask.
tutorial-safe-breaker-5 = Bot 2 said Yes to "yellow or 5?": its code is Red 5. Choose red and 5 and accuse Bot 2. Be sure before you guess: a wrong guess puts you out of the game.
tutorial-safe-breaker-6 = Right: Bot 2 is out, and you play again. Accuse Bot 3 of Green 1.
tutorial-safe-breaker-finish = You asked questions whose answers ruled codes out, saw a question that nobody answered Yes, and won with two right guesses. In a real game the set-aside parts usually lie face down and the others ask and guess too: the table's question log and the hints help you keep track.
tutorial-explosiv-intro = You play red against blue. Three briefcases lie out, each starting a row: A +6, B +2, C +5. The back of each is a bomb (the two sides add up to 9). Each of you plays all eight number cards, one per turn, at the end of a row; at the end of the round the highest total in a row takes its card.
tutorial-explosiv-1 = Go for the best briefcase: choose your 8, then click row A.
tutorial-explosiv-2 = Blue put a 7 on A. Each number goes only once in a row (8s are the exception), so no second 7 may join it. Play your 6 on row A.
tutorial-explosiv-3 = Row A now ends with your own card, and you may never play on your own card. Blue opened row C with an 8: give it a card you do not need, your 1.
tutorial-explosiv-4 = Start row B: play your 2 there.
tutorial-explosiv-5 = Row A still ends with your 6, so it stays closed to you. Play your 3 on row C.
tutorial-explosiv-6 = Blue played a 5 on A, so A is open to you again, but your 5 would be refused there. Play your 4 on row A: 8 + 6 + 4 = 18 against blue's 12.
tutorial-explosiv-7 = Row C is the longest row, and with two players the longest row blows up at the end of the round: its briefcase turns into a bomb (−4). Blue leads there, so make it longer: play your 7 on row C.
tutorial-explosiv-8 = Your last card, the 5, fits only on row B: A already holds a 5 and C ends with your own card. As the last card of row B it also adds 2 to your total there.
tutorial-explosiv-finish = The round is over. Rows A (+6) and B (+2) are yours; row C was the longest, so it blew up, and blue takes it as a −4 bomb. You learnt the three placing rules, the last-card bonus and the two-player explosion. A real game has several rounds, with new briefcases each round.
tutorial-the-safe-intro = The Safe is played as a team without a word; in this lesson you play alone, near the end of the first mission. Each colour card says how many colours its row may hold, and each row runs either up or down. Hidden is the code: one number of each colour (orange, green, yellow). Play your cards, then name the code.
tutorial-the-safe-1 = Row 1 takes one colour, orange, and runs up to 7. Choose your orange 8 and play it on row 1. After each card you draw one from the pile.
tutorial-the-safe-2 = Row 2 already holds green and yellow, the two colours its card allows, and runs up to 4. Your yellow 5 fits there; on row 1 it would be refused (orange only). Play it on row 2.
tutorial-the-safe-3 = You drew the yellow 6: it fits row 2 as well, above the 5.
tutorial-the-safe-4 = The draw pile is empty now. Play your orange 9 on row 1.
tutorial-the-safe-5 = Your green 8 fits neither row 3 (it runs down to 7) nor row 4 (it runs down to 0): play it on row 2.
tutorial-the-safe-6 = Every card is played: now name the code. The oranges in the rows are 0, 1, 2, 3, 5, 6, 7, 8 and 9; the one you never saw is the code. Name 4 for orange.
tutorial-the-safe-7 = Green: 0, 1, 2, 3, 4, 5, 7, 8 and 9 lie in the rows. Name 6.
tutorial-the-safe-8 = Yellow: only the 2 is nowhere to be seen. Name 2.
tutorial-the-safe-finish = The safe is cracked! You learnt how colour cards and directions limit the rows, and how to name the code from the cards you saw. A real game is played by a team that may not talk; it takes five safes in a row, with one more restriction card each mission.

## Addresses and forms the site cannot read
no-such-page = No such page
no-such-page-why = This site has no page at this address. Check the link, or start again from the games.
unreadable-address = This address could not be read
unreadable-form = This form could not be read
unreadable-why = Something in the address or the form does not fit what this page expects (it may have been changed by hand or cut short). Nothing was changed.
technical-detail = Technical detail
form-too-large-why = The form was larger than any of this site's forms, so it was not read. Nothing was changed.
refused-busy = Too many requests at once
refused-busy-why = The table is answering a lot from this connection just now. Wait a moment and try again: nothing was changed.
refused-slow-why = The request did not arrive in time. Try again: nothing was changed.
not-a-page = Not a page to open
not-a-page-why = This address takes a form sent from the table, not a visit. Go back and use the page's buttons.
refused-other-origin = Refused
refused-other-origin-why = Another site or origin cannot act at this table with your seat. Open the table itself and play from there.
refused-expired-form = This form has expired
refused-expired-form-why = It was not sent from this browser's current page (the page may be old, or its cookie gone). Reload the page and try again: nothing was changed.

# A seat played from another device (src/devices.rs).
device-play-on-another = Play on another device
device-why = (your phone, say, where "your turn" reaches you)
device-open-this-link = Open this link on your phone or another computer to play seat { $n } there too; this browser keeps it as well.
device-scan-it = The link to your seat as a QR code: scan it with your phone's camera.
device-link = Link to your seat:
device-works-once = This link works once, for { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    }: whoever opens it first plays your seat, so keep it to yourself.
device-new-link = Make a new link
device-too-many-links = Too many links at once
device-too-many-links-why = A seat's links are made a few at a time. Wait a minute, then make a new one.
device-no-seat-here = This browser has no seat at this table
device-no-seat-here-why = Only the browser that plays a seat can send it to another device.
device-link-does-not-work = This link does not open a seat
device-link-does-not-work-why = A link works once, for a few minutes: it may have been used or have expired, or be cut short. Make a new one on the device that plays the seat (its "Play on another device").
device-a-table = a table
device-already-here = This browser already plays this seat.
device-play-seat-here = Play seat { $n } of { $game } in this browser?
device-lets-go-of = This browser plays seat { $held } at this table: playing seat { $n } here, it lets go of seat { $held }.
device-play-here = Play here
device-sign-out-heading = Lost a device?
device-sign-out-why = If a phone that played this seat is lost, or a link reached the wrong person, sign out every other device: only this browser keeps the seat, and links made before stop working.
device-sign-out = Sign out every other device
device-signed-out = Every other device was signed out of this seat. Only this browser plays it now.
device-signed-out-here = This browser was signed out of its seat from another device. You are watching.
device-no-more-links = No more links for this seat
device-no-more-links-why = This seat has made as many links for other devices as a seat may. A device that already plays it keeps playing it.
device-no-more-sign-outs = No more sign-outs at this table
device-no-more-sign-outs-why = This seat has signed out its other devices as often as a seat may in one game. This browser still plays it.
