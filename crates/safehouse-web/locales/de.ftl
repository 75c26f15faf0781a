# The browser table in German (Deutsch). The ids are those of en.ftl; the game words follow the
# German editions (Cash: Tresor, Schlüssel, Bonus; Explosiv: Koffer, Bombe). German plurals:
# { $count -> [one] 1 Tresor *[other] { $count } Tresore }.

## Words shared by every page

bot-level-easy = leicht
bot-level-medium = mittel
bot-level-hard = schwer
bot-level-unknown = Bot
# German ordinals are the number and a full stop: 1., 2., 11.
place = { $rank }.
list-separator = {", "}
list-last = { $rest } und { $last }

## Explosiv

explosiv-red = Rot
explosiv-blue = Blau
explosiv-green = Grün
explosiv-yellow = Gelb
explosiv-carried = übertragen
explosiv-rows = Reihen
explosiv-empty = leer
explosiv-no-cards-yet = Noch keine Karten.
explosiv-cards = Karten:{" "}
explosiv-place-the-chosen-card-here = Die gewählte Karte hier anlegen.
explosiv-your-cards = Deine Karten
explosiv-no-cards-left-this-round = Du hast in dieser Runde keine Karten mehr.
explosiv-choose-a-card = Karte wählen
explosiv-choose-a-card-then-the = Wähle eine Karte, dann die Reihe, an deren Ende sie kommt. Nicht direkt auf deine eigene Karte; jede Zahl einmal pro Reihe (8er dürfen sich wiederholen); die 8. Karte einer Reihe lässt sie explodieren.
explosiv-no-card-of-yours-fits = Keine deiner Karten passt an eine Reihe: wähle eine Karte zum Abwerfen.
explosiv-give-up-the-chosen-card = Gewählte Karte abwerfen
explosiv-no-card-of-yours-fits-any-row = Keine deiner Karten passt an eine Reihe: passe und behalte deine Karten.
explosiv-pass = Passen
explosiv-row = Reihe
explosiv-card = Karte
explosiv-totals = Summen
explosiv-taken-by = Genommen von
explosiv-nobody = niemand
explosiv-the-game-is-over = Das Spiel ist vorbei.
explosiv-gave-up = abgeworfen:{" "}
explosiv-holds = hat:{" "}
explosiv-may-hold = hat vielleicht:{" "}
explosiv-face-down = {" "}verdeckt
explosiv-on-the-tie-break = {" "}nach der Gleichstandsregel
explosiv-at-this-table-a-player = An diesem Tisch passt, wer keine Karte anlegen kann, und behält seine Karten.
explosiv-at-this-table-a-player-who-cannot = An diesem Tisch wirft, wer keine Karte anlegen kann, eine Karte ab.
explosiv-you-can-still-place-a = Du kannst noch eine Karte anlegen.
explosiv-cards-in-hand = { $count ->
        [one] 1 Karte auf der Hand
       *[other] { $count } Karten auf der Hand
    }
# A number card in a sentence: "eine 5", "eine 8" (die Karte).
explosiv-a-card = eine { $card }
explosiv-bomb-value = Bombe { $value }
explosiv-briefcase-value = Koffer { $value }
explosiv-bomb-side = Bombe { $value }
explosiv-next-card-explodes = Die nächste Karte hier lässt die Reihe explodieren: Bombe { $value }
explosiv-row-row = Reihe { $row }
explosiv-round = Runde { $round }
explosiv-explosive-cards-left-in-the = Explosiv-Karten im Stapel: { $deck_count }
explosiv-out-of-the-game-removed = aus dem Spiel: { $removed }
explosiv-row-explosive = Reihe { $row }: { $explosive }
explosiv-card-card = Karte { $card }
explosiv-how-round-was-scored = Wertung der { $round }. Runde
explosiv-round-who-place-a = Runde { $round } · { $who }: Karte anlegen
explosiv-score-points = { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    }
explosiv-round-begins-name-plays = Runde { $round } beginnt: { $name } fängt an.
explosiv-who-placed-card-on-row = { $who } legt { $card } an Reihe { $row }.
explosiv-row-blows-up-its = Reihe { $row } explodiert: ihre Karte ist jetzt eine { $explosive }.
explosiv-row-is-the-longest = Reihe { $row } ist die längste und explodiert (Zwei-Personen-Regel): { $explosive }.
explosiv-who-cannot-place-a-card = { $who } kann keine Karte anlegen und wirft { $card }{ $detail } ab.
explosiv-who-cannot-place-a-card-and-gives = { $who } kann keine Karte anlegen und wirft eine verdeckt ab.
explosiv-who-cannot-place-a-card-and-passes = { $who } kann keine Karte anlegen und passt.
explosiv-row-explosive-who-takes = Reihe { $row } ({ $explosive }): { $who } nimmt sie{ $detail }.
explosiv-row-explosive-a-tie = Reihe { $row } ({ $explosive }): Gleichstand, niemand nimmt sie.
explosiv-row-explosive-no-cards = Reihe { $row } ({ $explosive }): keine Karten, niemand nimmt sie.
explosiv-round-is-over = Runde { $round } ist vorbei.
explosiv-place-card-on-row = { $card } an Reihe { $row } anlegen
explosiv-give-up-card = { $card } abwerfen
explosiv-there-is-no-row = In dieser Runde gibt es keine Reihe { $row_name }.
explosiv-you-do-not-hold-a = Du hast keine { $card }.
explosiv-row-name-has-blown = Reihe { $row_name } ist explodiert und nimmt an diesem Tisch keine Karten mehr.
explosiv-row-name-ends-with = Reihe { $row_name } endet mit deiner eigenen Karte: direkt darauf darfst du nicht anlegen. Wähle eine andere Reihe.
explosiv-row-name-already-has = Reihe { $row_name } hat schon eine { $card }: jede Zahl nur einmal pro Reihe (nur 8er wiederholen sich).
explosiv-you-can-still-place-a-card-your = Du kannst noch eine Karte anlegen (zum Beispiel deine { $card }): aussetzen darfst du nur, wenn du nicht kannst.
explosiv-after-round-rounds-points-are = Nach { $round ->
        [one] 1 Runde
       *[other] { $round } Runden
    }: Punkte sind die gewonnenen Explosiv-Karten (Bomben zählen negativ).

## The Safe

the-safe-orange = Orange
the-safe-green = Grün
the-safe-yellow = Gelb
the-safe-blue = Blau
the-safe-pink = Pink
the-safe-even-numbers-only = nur gerade Zahlen
the-safe-odd-numbers-only = nur ungerade Zahlen
the-safe-ascending-only = nur aufsteigend
the-safe-descending-only = nur absteigend
the-safe-up-or-down = auf- oder absteigend
the-safe-closed = geschlossen
the-safe-or = {" "}oder{" "}
the-safe-the-safe-is-cracked = der Tresor ist geknackt!
the-safe-colours-in-play = Farben im Spiel:{" "}
the-safe-restriction-face-down = Einschränkung: verdeckt
the-safe-no-cards-yet = noch keine Karten
the-safe-cards = Karten:{" "}
the-safe-play-the-chosen-card-here = Die gewählte Karte hier ausspielen.
the-safe-your-cards-only-you-see = Deine Karten (nur du siehst sie)
the-safe-your-hand-is-empty = Deine Hand ist leer.
the-safe-choose-a-card = Karte wählen
the-safe-choose-a-card-then-the = Wähle eine Karte, dann die Reihe, unter die sie kommt. Wenn du kannst, musst du spielen.
the-safe-none-of-your-cards-fits = Keine deiner Karten passt an eine Reihe: passe.
the-safe-pass = Passen
the-safe-named-so-far = Bisher genannt:{" "}
the-safe-the-code-was = Der Code war{" "}
the-safe-the-team-named = Das Team nannte{" "}
the-safe-the-team-cracked-five-safes = Das Team hat fünf Tresore in Folge geknackt!
the-safe-the-game-is-over = Das Spiel ist vorbei.
the-safe-starts-each-mission = beginnt jede Mission
the-safe-passed = hat gepasst
the-safe-holds = hat:{" "}
the-safe-nothing = nichts
the-safe-play-ends-every-hand-is = Das Ausspielen endet: alle Hände sind leer. Zeit, den Code zu nennen.
the-safe-play-ends-nobody-can-play = Das Ausspielen endet: niemand kann spielen. Alle zeigen, welche Farben sie noch haben.
the-safe-there-are-only-rows-1 = Es gibt nur die Reihen 1 bis 4.
the-safe-you-must-play-a-card = Du musst eine Karte spielen, wenn du kannst: eine deiner Karten passt an eine Reihe.
the-safe-the-code-is-named-only = Der Code wird erst genannt, wenn das Ausspielen vorbei ist.
the-safe-code-numbers-go-from-0 = Code-Zahlen gehen von 0 bis 9.
the-safe-the-numbers-each-colours-hidden = Die Zahlen, die der verdeckte Code jeder Farbe nach dem, was du siehst, noch sein kann: deine Hand, die Reihen und wer gepasst hat.
the-safe-possible = möglich
the-safe-ruled-out = ausgeschlossen
the-safe-cards-in-hand = { $count ->
        [one] 1 Karte auf der Hand
       *[other] { $count } Karten auf der Hand
    }
the-safe-safes-cracked-in-a-row = { $count ->
        [one] 1 Tresor in Folge geknackt
       *[other] { $count } Tresore in Folge geknackt
    }
the-safe-must-include-colour = muss { $colour } enthalten
the-safe-from-last = ↑ ab { $last }
the-safe-from-last-2 = ↓ ab { $last }
the-safe-wrong-code-for-wrong = falscher Code für { $wrong }
the-safe-everybody-holds-colour-nobody-may = alle haben { $colour }: niemand darf sie nennen, der Tresor lässt sich nicht knacken
the-safe-row-lacks-its-colour = Reihe { $row } fehlt ihre Farbe { $colour }
the-safe-mission-of-missions = Mission { $mission } von { $missions }
the-safe-safes-cracked-of-missions = { $completed } von { $missions } Tresoren in Folge geknackt
the-safe-draw-pile-draw-pile-cards = Nachziehstapel: { $draw_pile ->
        [one] 1 Karte
       *[other] { $draw_pile } Karten
    }
the-safe-best-streak-best = Beste Serie: { $best }
the-safe-missions-played-attempts = gespielte Missionen: { $attempts }
the-safe-row-up-to-colours = Reihe { $row }: bis zu { $colour_card ->
        [one] 1 Farbe
       *[other] { $colour_card } Farben
    }
the-safe-play-is-over-name-the = Das Ausspielen ist vorbei. Nenne für das Team die verdeckte Code-Zahl von { $colour } (Raten ist erlaubt):
the-safe-mission-result = Mission { $mission }: { $result }
the-safe-mission-who-play-a = Mission { $mission } · { $who }: Karte ausspielen
the-safe-mission-who-name-the = Mission { $mission } · { $who }: den Code von { $colour } für das Team nennen
the-safe-cannot-hold-cards = kann nicht haben: { $cards }
the-safe-a-restriction-card-is-turned = Unter Reihe { $row } wird eine Einschränkungskarte aufgedeckt: { $restriction }.
the-safe-mission-begins = Mission { $mission } beginnt.
# $attempt counts every mission the team has played in this game, failed ones too.
the-safe-mission-begins-after-a-failure = Mission { $mission } beginnt: die { $attempt }. Mission des Teams in dieser Partie.
the-safe-you-were-dealt-cards = Du hast { $cards } erhalten.
the-safe-who-played-card-under-row = { $who } spielt { $card } unter Reihe { $row }.
the-safe-you-drew-card = Du ziehst { $card }.
the-safe-who-cannot-play-and-passes = { $who } kann nicht spielen und passt.
the-safe-who-names-number-for-colour = { $who } nennt { $number } für { $colour }.
the-safe-the-team-wins-with-score = Das Team gewinnt mit { $score ->
        [one] 1 geknackten Tresor
       *[other] { $score } geknackten Tresoren
    }!
the-safe-the-team-loses-with-score = Das Team verliert, mit { $score ->
        [one] 1 geknackten Tresor
       *[other] { $score } geknackten Tresoren
    }.
the-safe-play-card-under-row = { $card } unter Reihe { $row } spielen
the-safe-name-number-as-the-colour = { $number } als Code von { $colour } nennen
the-safe-card-text-is-not-in = { $card_text } ist nicht auf deiner Hand.
the-safe-row-holds-as-many-colours-as-allowed = Reihe { $row_no } hat schon { $colours ->
        [one] 1 Farbe
       *[other] { $colours } Farben
    }, so viele, wie ihre Farbkarte erlaubt: { $card_text } wäre eine mehr.
the-safe-row-no-must-keep = Reihe { $row_no } muss ihre letzte freie Farbe für die Farbe freihalten, die ihre Einschränkungskarte nennt.
the-safe-row-no-takes-even = Reihe { $row_no } nimmt nur gerade Zahlen.
the-safe-row-no-takes-odd = Reihe { $row_no } nimmt nur ungerade Zahlen.
the-safe-card-text-does-not-fit = { $card_text } passt nicht an Reihe { $row_no }, dort geht es nur { $row_view } weiter.
the-safe-play-has-ended-name-the = Das Ausspielen ist vorbei: nenne die Code-Zahl von { $colour }.
the-safe-five-safes-cracked-in-a = Fünf Tresore in Folge geknackt: das Team gewinnt.
the-safe-the-teams-score = Ergebnis des Teams: { $score }.

## Club Unlock

club-unlock-red = Rot
club-unlock-green = Grün
club-unlock-yellow = Gelb
club-unlock-blue = Blau
club-unlock-your-keys-open-it = ; deine Schlüssel öffnen ihn
club-unlock-key-piles = Schlüsselstapel
club-unlock-everyone-chooses-four-starting-keys = Alle wählen geheim vier Startschlüssel: die Stapel werden erst gezeigt, wenn alle gewählt haben.
club-unlock-take-one = : einen nehmen
club-unlock-safes-on-display = Ausliegende Tresore
club-unlock-the-seven-safes-are-laid = Die sieben Tresore werden ausgelegt, sobald alle ihre Startschlüssel gewählt haben.
club-unlock-no-safes-on-display = Keine Tresore in der Auslage.
club-unlock-your-keys = Deine Schlüssel
club-unlock-take-one-key-from-a = Nimm einen Schlüssel von einem Stapel oder knacke einen Tresor, den deine Schlüssel öffnen (mit ✓ markiert). Nach dem Knacken darfst du weitere knacken.
club-unlock-end-my-turn = Zug beenden
club-unlock-nothing-can-be-done-pass = Nichts zu tun: passe.
club-unlock-pass = Passen
club-unlock-the-game-is-over = Das Spiel ist vorbei.
club-unlock-what-this-players-takes-and = Was die Züge und geknackten Tresore dieser Person beweisen
club-unlock-end-the-turn = Zug beenden
club-unlock-you-have-cracked-a-safe = Du hast in diesem Zug einen Tresor geknackt und kannst keinen Schlüssel mehr nehmen: knacke einen weiteren Tresor oder beende deinen Zug.
club-unlock-that-safe-is-not-on = Dieser Tresor liegt nicht aus.
club-unlock-take-a-key-or-crack = Nimm einen Schlüssel oder knacke einen Tresor, bevor du deinen Zug beendest.
club-unlock-you-can-still-take-a = Du kannst noch einen Schlüssel nehmen oder einen Tresor knacken, also darfst du nicht passen.
club-unlock-first-take-your-four-starting = Nimm zuerst deine vier Startschlüssel, einen nach dem anderen: klicke auf einen Stapel.
club-unlock-that-move-does-not-fit = Dieser Zug passt nicht zu diesem Moment des Spiels.
club-unlock-there-is-no-bonus-marker = Es gibt keinen Bonus-Chip zum Anlegen.
club-unlock-money-the-values-of-the = Geld: die Werte der geknackten Tresore plus 10 pro Bonus-Chip.
club-unlock-keys = { $count ->
        [one] 1 Schlüssel
       *[other] { $count } Schlüssel
    }
club-unlock-safes = { $count ->
        [one] 1 Tresor
       *[other] { $count } Tresore
    }
club-unlock-bonus-markers = { $count ->
        [one] 1 Bonus-Chip
       *[other] { $count } Bonus-Chips
    }
club-unlock-safe-code-value = Tresor Nr. { $safe } ({ $code }, ${ $value })
club-unlock-safe-keys-worth = Tresor Nr. { $safe }: Schlüssel { $keys }; Wert ${ $value }
club-unlock-markers-bonus-marker-s = ; { $markers ->
        [one] 1 Bonus-Chip
       *[other] { $markers } Bonus-Chips
    }
club-unlock-colour-keys-piles-left = Schlüssel { $colour }: noch { $piles }
club-unlock-colour-keys-the-pile-is = Schlüssel { $colour }: der Stapel ist leer
club-unlock-colour-keys = Schlüssel { $colour }
club-unlock-bonus-supply-bonus-markers-left = { $bonus_supply ->
        [one] noch 1 Bonus-Chip
       *[other] noch { $bonus_supply } Bonus-Chips
    }
club-unlock-deck-size-safes-in-the = { $deck_size ->
        [one] 1 Tresor im Stapel
       *[other] { $deck_size } Tresore im Stapel
    }
club-unlock-choose-starting-key-taken-of = Wähle Startschlüssel { $taken } von 4: klicke auf einen Stapel. Niemand sonst sieht, welchen.
club-unlock-choose-starting-key-taken-of-4-click = Wähle Startschlüssel { $taken } von 4: klicke auf einen Stapel.
club-unlock-you-cracked-safe-s = Du hast in diesem Zug { $cracked ->
        [one] 1 Tresor
       *[other] { $cracked } Tresore
    } geknackt. Knacke noch einen für einen Serien-Bonus oder beende deinen Zug.
club-unlock-you-took-the-last-colour = Du hast den letzten Schlüssel { $colour } genommen: lege den Bonus-Chip unter einen Tresor, der { $colour2 } braucht.
club-unlock-who-choosing-starting-key-taken = { $who }: wählt Startschlüssel { $taken } von 4
club-unlock-who-take-a-key-or = { $who }: Schlüssel nehmen oder Tresore knacken
club-unlock-who-cracking-cracked-safe-s = { $who }: knackt ({ $cracked ->
        [one] 1 Tresor
       *[other] { $cracked } Tresore
    } in diesem Zug bisher)
club-unlock-who-placing-the-bonus-marker = { $who }: legt den Bonus-Chip des leeren Stapels { $colour }
club-unlock-keys-keys = Schlüssel: { $keys }
club-unlock-keys-worked-out-from-the = Schlüssel (aus den genommenen Schlüsseln und geknackten Tresoren erschlossen): { $keys }
club-unlock-at-least-known-keys = (mindestens { $known_keys })
club-unlock-who-took-a-colour-starting = { $who } hat einen Startschlüssel { $colour } genommen.
club-unlock-who-took-a-starting-key = { $who } hat ungesehen einen Startschlüssel genommen.
club-unlock-everybody-has-chosen-their-starting = Alle haben ihre Startschlüssel gewählt; die Stapel enthalten { $keys }.
club-unlock-who-took-a-colour-key = { $who } hat einen Schlüssel { $colour } genommen.
club-unlock-the-colour-pile-is-empty = Der Stapel { $colour } ist leer.
club-unlock-a-bonus-marker-goes-under = Ein Bonus-Chip kommt unter { $safe } (leerer Stapel { $colour }).
club-unlock-no-displayed-safe-needs-colour = Kein ausliegender Tresor braucht { $colour }: kein Bonus-Chip.
club-unlock-who-cracked-safe = { $who } hat { $safe } geknackt.
club-unlock-who-cracked-safe-with-markers = { $who } hat { $safe } mit { $markers ->
        [one] 1 Bonus-Chip
       *[other] { $markers } Bonus-Chips
    } darunter geknackt.
club-unlock-who-earns-a-serial-break = { $who } bekommt einen Serien-Bonus (+10).
club-unlock-who-cracked-the-last-safe = { $who } hat den letzten ausliegenden Tresor geknackt: Bonus (+10).
club-unlock-no-bonus-markers-are-left = Für { $name } sind keine Bonus-Chips mehr übrig.
club-unlock-new-on-display-safe = Neu in der Auslage: { $safe }.
club-unlock-nobody-can-ever-crack-the = { $stuck ->
        [one] Den übrigen Tresor kann niemand mehr knacken
       *[other] Die { $stuck } übrigen Tresore kann niemand mehr knacken
    }: daneben werden neue Tresore ausgelegt.
club-unlock-who-passed = { $who } hat gepasst.
club-unlock-take-a-colour-key = Einen Schlüssel { $colour } nehmen
club-unlock-crack-safe = { $safe } knacken
club-unlock-put-the-bonus-marker-under = Den Bonus-Chip unter { $safe } legen
club-unlock-the-colour-pile-is-empty-take-a = Der Stapel { $colour } ist leer: nimm einen Schlüssel einer anderen Farbe.
club-unlock-safe-needs-keys-you = Tresor Nr. { $safe } braucht { $keys }; dir fehlen: { $missing }.
club-unlock-safe-needs-no-colour = Tresor Nr. { $safe } braucht keinen Schlüssel { $colour }, also kann der Bonus-Chip nicht dorthin: wähle einen Tresor, der { $colour2 } zeigt.
club-unlock-first-put-the-bonus-marker = Lege zuerst den Bonus-Chip unter einen ausliegenden Tresor, der einen Schlüssel { $colour } braucht.

## Safe Breaker

safe-breaker-red = Rot
safe-breaker-blue = Blau
safe-breaker-yellow = Gelb
safe-breaker-green = Grün
safe-breaker-purple = Lila
safe-breaker-orange = Orange
safe-breaker-lock-unknown = Schloss unbekannt
safe-breaker-key-unknown = Schlüssel unbekannt
safe-breaker-in-play = im Spiel
safe-breaker-your-code = Dein Code:{" "}
safe-breaker-only-you-see-it-until = Nur du siehst ihn (bis er geknackt ist).
safe-breaker-players-codes = Codes der Spieler
safe-breaker-lock = Schloss:{" "}
safe-breaker-unknown = unbekannt
safe-breaker-key = Schlüssel:{" "}
safe-breaker-set-aside-face-up = Offen beiseitegelegt:{" "}
safe-breaker-key-2 = Schlüssel{" "}
safe-breaker-1-a-colour = 1. Eine Farbe
safe-breaker-2-a-number = 2. Eine Zahl
safe-breaker-3-then-ask-the-table = 3. Dann frage in die Runde oder beschuldige jemanden, genau diesen Code zu haben (eine falsche Beschuldigung wirft dich hinaus).
safe-breaker-ask-do-you-have-this = Fragen: „Hast du diese Farbe oder Zahl?“
safe-breaker-the-question-limit-is-reached = Die Fragengrenze ist erreicht: jetzt nur noch Beschuldigungen.
safe-breaker-questions-and-guesses = Fragen und Tipps
safe-breaker-no-notes-at-this-table = An diesem Tisch gibt es keine Notizen: spiele aus dem Gedächtnis.
safe-breaker-nothing-asked-yet = Noch nichts gefragt.
safe-breaker-who = Wer
safe-breaker-what = Was
safe-breaker-answers = Antworten
safe-breaker-no = Nein
safe-breaker-yes = Ja
safe-breaker-nobody-asks-again = niemand: fragt noch einmal
safe-breaker-right = richtig
safe-breaker-wrong = falsch
safe-breaker-the-game-is-over = Das Spiel ist vorbei.
safe-breaker-code-cracked = Code geknackt
safe-breaker-wrong-guess = falscher Tipp
safe-breaker-the-question-limit-is-reached-now-only = Die Fragengrenze ist erreicht: jetzt darf nur noch ein ganzer Code (Schloss und Schlüssel) geraten werden.
safe-breaker-there-is-no-such-player = An diesem Tisch gibt es niemanden mit diesem Platz.
safe-breaker-you-cannot-accuse-yourself = Du kannst dich nicht selbst beschuldigen.
safe-breaker-guessing-only-a-lock-or = Nur ein Schloss oder nur einen Schlüssel zu raten geht nur mit der Variante „Einfach gehalten“.
safe-breaker-from-your-code-the-parts = Aus deinem Code, den offenen Teilen und allen bisherigen Antworten: die Codes, die jede Person noch haben kann, und wie wahrscheinlich jeder ist.
safe-breaker-lock-colour = Schloss { $colour }
safe-breaker-key-number = Schlüssel { $number }
safe-breaker-out-place-code-cracked = ausgeschieden als { $place } (Code geknackt)
safe-breaker-out-place-wrong-guess = ausgeschieden als { $place } (falscher Tipp)
safe-breaker-accuse-name-that-is-your = { $name } beschuldigen: das ist dein Code!
safe-breaker-name-s-lock-is-this = Das Schloss von { $name } hat diese Farbe
safe-breaker-name-s-key-is-this = Der Schlüssel von { $name } hat diese Zahl
safe-breaker-accuses-name-guess = beschuldigt { $name }: { $guess }
safe-breaker-who-ask-a-question-or = { $who }: eine Frage stellen oder jemanden beschuldigen
safe-breaker-who-asks-do-you-have = { $who } fragt: „Hast du { $colour } oder { $number }?“
safe-breaker-who-yes = { $who }: Ja.
safe-breaker-who-no = { $who }: Nein.
safe-breaker-everybody-said-no-who-goes = Alle sagten Nein: { $who } ist noch einmal dran.
safe-breaker-who-accuses-name-of-guess = { $who } beschuldigt { $name }, { $guess } zu haben: { $detail }.
safe-breaker-who-shows-their-half = { $who } zeigt: { $half }.
safe-breaker-who-is-out-why-code = { $who } scheidet aus ({ $why }): { $code }.
safe-breaker-who-is-out-why-the = { $who } scheidet aus ({ $why }); der Code bleibt verdeckt.
safe-breaker-who-is-the-last-one = { $who } bleibt als Letzte(r) übrig und gewinnt!
safe-breaker-name-s-code-was-code = Der Code von { $name } war { $code }.
safe-breaker-ask-colour-or-number = Fragen: { $colour } oder { $number }?
safe-breaker-accuse-name-of-colour-number = { $name } beschuldigen: { $colour } { $number }
safe-breaker-name-s-lock-is-colour = Das Schloss von { $name } ist { $colour }
safe-breaker-name-s-key-is-number = Der Schlüssel von { $name } ist { $number }
safe-breaker-target-is-already-out-of = { $target } ist schon aus dem Spiel.
safe-breaker-that-half-of-target-s = Diese Hälfte des Codes von { $target } liegt schon offen.
safe-breaker-certainly-code = sicher { $code }
safe-breaker-possible-count-possible-codes = { $possible_count ->
        [one] 1 möglicher Code
       *[other] { $possible_count } mögliche Codes
    }
safe-breaker-possible-codes-of-name = Mögliche Codes von { $name }
safe-breaker-most-likely-code = Am wahrscheinlichsten: { $code }{" "}
safe-breaker-worlds-ways-the-hidden-codes = { $worlds ->
        [one] Die verdeckten Codes können nur noch auf 1 Art liegen.
       *[other] Die verdeckten Codes können noch auf { $worlds } Arten liegen.
    }
safe-breaker-log-count-questions-and-guesses = { $log_count ->
        [one] Es gab 1 Frage oder 1 Tipp.
       *[other] Es gab { $log_count } Fragen und Tipps.
    }

## Every game

you = Du
bot = Bot
you-2 = du
bot-n = Bot { $n }
player-n = Person { $n }
name-you = { $name } (du)

## Setup words

random = zufällig
no-limit = keine Grenze
none = keine
yes = ja
no = nein
seat = Platz { $seat }

## Table

the-team-lost = Das Team hat verloren.
the-team-won = Das Team hat gewonnen!
the-team = Das Team:
game-over = Spiel vorbei
your-turn = Du bist dran
you-are-watching-this-table = Du schaust an diesem Tisch zu.
you-are-watching-your-own = Du schaust deinem eigenen Platz zu: gezogen wird auf der Tischseite.
result = Ergebnis
place-2 = Platz
player = Spieler
score = Punkte
winner = Sieg
watch-the-replay = Wiederholung ansehen
invite-friends = Freunde einladen
send-each-friend-the-link = Schicke jeder Person den Link zu ihrem Platz. Einen Platz, den niemand einnimmt, spielt nach einer Weile ein Bot, oder sofort mit „Einen Bot diesen Platz spielen lassen“.
copy = Kopieren
players = Spieler
to-play = am Zug
not-joined-yet = noch nicht da
let-a-bot-play-for-me = Einen Bot für mich spielen lassen
a-bot-plays-your-seat-until = Ein Bot spielt deinen Platz, bis du zurück bist (ein eigener Zug oder „Ich bin zurück“ holt ihn zurück).
let-a-bot-play-this-seat = Einen Bot diesen Platz spielen lassen
a-bot-plays-this-seat-until = Noch niemand sitzt hier: Ein Bot spielt den Platz, bis sein Spieler (mit seiner Einladung) dazukommt.
im-back = Ich bin zurück
hints-what-you-can-deduce = Hinweise: was du folgern kannst
no-hints-right-now = Gerade keine Hinweise.
the-table-is-not-available = Der Tisch ist nicht erreichbar
game-log = Spielverlauf
what-happens-at-the-table = Hier erscheint, was am Tisch geschieht.
how-to-play = So wird gespielt
the-rulebook-on-a-page = Die Spielregel auf einer eigenen Seite
without-javascript-the-table-does = Ohne JavaScript aktualisiert sich der Tisch nicht von selbst: lade die Seite neu, um neue Züge zu sehen.
connection-lost-reconnecting = Verbindung verloren: verbinde neu…
no-such-table = Diesen Tisch gibt es nicht
this-match-does-not-exist = Diese Partie gibt es nicht (oder der Link ist abgeschnitten).
you-are-watching-only-players = Du schaust zu: nur wer am Tisch sitzt, kann ziehen.
choose-a-move = Wähle einen Zug.
that-move-is-not-understood = Dieser Zug wird hier nicht verstanden.
not-allowed-that-move-breaks = Nicht erlaubt: dieser Zug bricht eine Spielregel.
it-is-not-your-turn = Du bist nicht dran.
the-table-moved-on-before = Der Tisch ist weitergegangen, bevor dein Zug ankam: schau noch einmal und wähle.
the-game-is-over = Das Spiel ist vorbei.
this-browser-does-not-hold = Dieser Browser hat keinen Platz an diesem Tisch.
too-many-clicks-at-once = Zu viele Klicks auf einmal: warte einen Moment.
the-move-was-not-accepted = Der Zug wurde nicht angenommen: versuche es noch einmal.
pick-a-card-from-your = Wähle zuerst eine Karte aus deiner Hand.
choose-a-colour-first = Wähle zuerst eine Farbe.
choose-a-number-first = Wähle zuerst eine Zahl.
make-every-choice-of-the = Triff zuerst jede Wahl des Zugs.
winners-won = { $winners } hat gewonnen!
shared-win = Geteilter Sieg: { $winners }
game-over-game = Spiel vorbei · { $game }
your-turn-game = Du bist dran · { $game }
name-to-play = { $name } ist dran
seat-n = Platz { $n }
all-your-legal-moves-legal = Alle deine erlaubten Züge ({ $legal_count })
a-bot-plays-for-you = ein Bot spielt für dich
a-bot-plays-for-name = ein Bot spielt für { $name }
not-allowed-why = Nicht erlaubt: { $why }
it-is-not-your-turn-name-is = Du bist nicht dran: { $name } ist am Zug.
illegal-move-engine-words = Dieser Zug verstößt gegen eine Regel ({ $message }).

## Replay

no-replay = Keine Wiederholung
this-match-is-still-being = Diese Partie läuft noch: ihre Wiederholung öffnet sich, wenn sie endet.
this-match-has-no-record = Von dieser Partie gibt es keine Aufzeichnung.
this-record-does-not-replay = Diese Aufzeichnung lässt sich nicht abspielen.
steps = Schritte
start = Anfang
back = Zurück
next = Weiter
end = Ende
move = Zug
seen-by = Gesehen von
a-spectator = Zuschauer
show = Zeigen
keys-and-step-back-and = Tasten: ← und → gehen zurück und vor.
moves = Züge
replay-play = Abspielen
replay-pause = Anhalten
replay-game = Wiederholung: { $game }
move-step-of-total = Zug { $step } von { $total }

## Terminal

name-you-2 = { $name } (du)

## Page

skip-to-the-content = Zum Inhalt springen
site = Website
games = Spiele
switch-language = Sprache wechseln
the-api = Die API
about-this-server = Über diesen Server
safehouse-rules-engines-and-an = Safehouse: Regel-Engines und ein Online-Tisch für Kartenspiele rund ums Tresorknacken. Verdeckte Karten bleiben bei ihren Besitzern: jede Seite wird nur aus deiner eigenen Sicht auf den Tisch gezeichnet.
back-to-the-games = Zurück zu den Spielen

## The games on the home and setup pages

game-name-club-unlock = Cash (Club Unlock)
game-summary-club-unlock = Sammle farbige Schlüssel und knacke Tresore aus einer offenen Auslage; Serien und der letzte Tresor bringen Boni.
how-to-club-unlock-1 = Zuerst wählen alle geheim vier Schlüssel, einen nach dem anderen: niemand sieht die Wahl der anderen (noch die Stapel), bis alle gewählt haben. Dann werden sieben Tresore ausgelegt.
how-to-club-unlock-2 = In deinem Zug nimmst du entweder einen Schlüssel von einem Stapel (das beendet deinen Zug) oder knackst Tresore aus der Auslage: gib die vier Schlüssel ab, die ein Tresor zeigt, und nimm ihn. Du darfst in einem Zug mehrere Tresore knacken und ihn dann beenden.
how-to-club-unlock-3 = Jeder Tresor nach dem ersten in einem Zug bringt einen Bonus-Chip (+10); ebenso das Knacken des letzten ausliegenden Tresors.
how-to-club-unlock-4 = Wenn ein Stapel leer wird, kommt ein Bonus-Chip unter einen Tresor, der diese Farbe braucht (die Ausgaben unterscheiden sich: siehe die Optionen).
how-to-club-unlock-5 = Sind alle Tresore geknackt, gewinnt, wer das meiste Geld hat (Tresore plus Bonus-Chips).
game-name-safe-breaker = Safe Breaker
game-summary-safe-breaker = Frage reihum nach Farben und Zahlen, erschließe jeden geheimen Code und bleib als Letzte(r) übrig.
how-to-safe-breaker-1 = Alle haben geheim einen Code: ein farbiges Schloss und einen Schlüssel mit Zahl (1 bis 6).
how-to-safe-breaker-2 = In deinem Zug fragst du nach einer Farbe und einer Zahl („Rot 4?“). Nach links: die erste Person, die diese Farbe oder diese Zahl hat, sagt Ja und ist dran; sagen alle Nein, bist du noch einmal dran.
how-to-safe-breaker-3 = Oder zeige auf jemanden und rate den ganzen Code: richtig, dann scheidet die Person aus und du bist noch einmal dran; falsch, dann scheidest du aus und sie ist dran.
how-to-safe-breaker-4 = Wer als Letzte(r) übrig bleibt, gewinnt. Das Fragenprotokoll (und die Hinweise, wenn eingeschaltet) helfen beim Folgern.
game-name-explosiv = Explosiv
game-summary-explosiv = Lege Zahlenkarten vor Koffer; die höchste Summe nimmt jeden Koffer, außer die 8. Karte seiner Reihe hat ihn zur Bombe gemacht.
how-to-explosiv-1 = Alle haben Zahlenkarten 1 bis 8 in ihrer Farbe. In jeder Runde liegt eine Explosiv-Karte (ein Koffer) mehr aus, als Personen mitspielen.
how-to-explosiv-2 = In deinem Zug legst du eine Karte ans Ende einer beliebigen Reihe: nie direkt auf deine eigene Karte, und jede Zahl nur einmal pro Reihe (8er dürfen sich wiederholen).
how-to-explosiv-3 = Die Karte, die die 8. Karte einer Reihe wird, lässt sie explodieren: ihr Koffer wird zur Bombe (Minuspunkte).
how-to-explosiv-4 = Liegen alle Karten, nimmt in jeder Reihe die höchste Summe (die letzte Karte der Reihe zählt +2) ihre Karte. Nach der letzten Runde gewinnen die meisten Punkte.
game-name-the-safe = The Safe
game-summary-the-safe = Kooperativ: spielt ohne zu reden Zahlenkarten unter Farbkarten, dann nennt den verdeckten Code jeder Farbe; knackt fünf Tresore in Folge.
how-to-the-safe-1 = Kooperativ: das ganze Team gewinnt oder verliert. Niemand darf sagen, welche Karten er hat.
how-to-the-safe-2 = In deinem Zug spielst du eine Karte aus deiner Hand unter eine der vier Farbkarten (wenn du kannst, musst du), dann ziehst du auf drei nach.
how-to-the-safe-3 = Eine Reihe nimmt höchstens so viele Farben, wie ihre Farbkarte zeigt, und läuft auf- oder absteigend (gleiche Zahlen erlaubt; eine 0 darf als 10 zählen). Ab Mission 2 fügen Einschränkungskarten Regeln hinzu.
how-to-the-safe-4 = Kann niemand mehr spielen, nennt das Team die verdeckte Code-Zahl jeder Farbe; wer eine Farbe noch auf der Hand hat, darf sie nicht nennen. Alles richtig: der Tresor ist geknackt. Knackt fünf in Folge, um zu gewinnen.

## Presets in players' words: a name and one line

preset-club-unlock-club-unlock = Club Unlock (englische Ausgabe)
preset-club-unlock-club-unlock-help = Wenn ein Schlüsselstapel leer wird, legt, wer den letzten Schlüssel nahm, einen Bonus auf einen Tresor nach Wahl.
preset-club-unlock-cash = Cash (koreanische Ausgabe)
preset-club-unlock-cash-help = Wenn ein Schlüsselstapel leer wird, bekommt jeder ausliegende Tresor, der diese Farbe braucht, einen Bonus.
preset-safe-breaker-standard = Die Spielregel
preset-safe-breaker-standard-help = Das Spiel, wie es gedruckt ist.
preset-safe-breaker-standard-with-limit = Die Spielregel mit Fragengrenze
preset-safe-breaker-standard-with-limit-help = Wie gedruckt, aber nach 150 Fragen darf nur noch ein ganzer Code geraten werden, damit das Spiel immer endet.
preset-safe-breaker-quick-game = Schnelles Spiel
preset-safe-breaker-quick-game-help = Alle Schlösser und Schlüssel, die niemand hat, liegen offen.
preset-safe-breaker-keep-it-simple = Einfach gehalten
preset-safe-breaker-keep-it-simple-help = Ein Tipp darf auch nur das Schloss oder nur den Schlüssel einer Person nennen.
preset-safe-breaker-memory = Aus dem Gedächtnis
preset-safe-breaker-memory-help = Kein Fragenprotokoll: merke dir die Antworten selbst.
preset-safe-breaker-open-eliminations = Offenes Ausscheiden
preset-safe-breaker-open-eliminations-help = Wer falsch rät, zeigt allen seinen Code.
preset-explosiv-published = Veröffentlichte Regel
preset-explosiv-published-help = Die Regel, wie sie veröffentlicht ist.
preset-explosiv-seed-only = Nur die Grundregeln
preset-explosiv-seed-only-help = Keine Zwei-Personen-Regel, nichts an explodierte Reihen, Reihen mit Gleichstand bekommt niemand, Rot beginnt jede Runde.
preset-explosiv-open = Offene Hände
preset-explosiv-open-help = Der Tisch zeigt allen, welche Karten jede Person noch haben kann.
preset-explosiv-hidden-discards = Verdecktes Abwerfen
preset-explosiv-hidden-discards-help = Wer keine Karte anlegen kann, wirft eine verdeckt ab.
preset-the-safe-rulebook = Die Spielregel
preset-the-safe-rulebook-help = Knackt fünf Tresore in Folge; nach einer gescheiterten Mission beginnt das Team wieder bei Mission 1.
preset-the-safe-sudden-death = Alles oder nichts
preset-the-safe-sudden-death-help = Eine gescheiterte Mission verliert das Spiel.
preset-the-safe-strict-solo = Strenges Solo
preset-the-safe-strict-solo-help = Allein gespielt hält eine Farbe, die du noch auf der Hand hast, diesen Tresor verschlossen.
preset-the-safe-forgiving = Nachsichtig
preset-the-safe-forgiving-help = Eine gescheiterte Mission wird wiederholt; schon geknackte Missionen zählen weiter.

## Option values in players' words

option-value-choose-one-safe = auf einen Tresor nach Wahl der Person, die nimmt
option-value-every-matching-safe = auf jeden Tresor, der die Farbe braucht
option-value-off = kein Bonus
option-value-shared = geteilter Sieg
option-value-most-safes = die meisten Tresore gewinnen
option-value-perfect = alles, was jemand sehen könnte
option-value-counts-only = nur wie viele
option-value-secret = geheim
option-value-open = offen
option-value-all = alle
option-value-accused = die beschuldigte Person
option-value-guesser = wer geraten hat
option-value-guesser-eliminated = wer geraten hat, scheidet aus
option-value-turn-passes-to-accused = nur der Zug geht weiter
option-value-full = alles
option-value-last-n = die letzten paar
option-value-none = keine
option-value-highest-card = höchste einzelne Karte
option-value-last-played = wer dort zuletzt gelegt hat
option-value-discard-face-up = offen abwerfen
option-value-discard-face-down = verdeckt abwerfen
option-value-skip-keep = passen und die Karten behalten
option-value-rotate = wandert nach links
option-value-red-always = immer Rot
option-value-lowest-score = niedrigste Punktzahl
option-value-discard = scheidet aus dem Spiel aus
option-value-carry-over = bleibt für die nächste Runde liegen
option-value-most-briefcases = die meisten Koffer gewinnen
option-value-lose = das Team verliert
option-value-retry-mission = die Mission noch einmal spielen
option-value-restart-from-mission-1 = wieder bei Mission 1 beginnen
option-value-left-to-right = von links nach rechts
option-value-random = zufällig
option-value-reserve-slot = einen Platz freihalten
option-value-end-of-mission = am Ende der Mission prüfen
option-value-fail = der Tresor bleibt zu
option-value-allowed = du darfst sie trotzdem nennen

## Waiting room

somebody-took-that-seat-first = Jemand hat diesen Platz zuerst genommen.
this-table-needs-its-invite = Für diesen Tisch braucht es den Einladungslink.
you-already-sit-at-this = Du sitzt schon an diesem Tisch.
only-whoever-set-up-the = Das darf nur, wer den Tisch eingerichtet hat.
nobody-sits-at-the-table = Noch sitzt niemand am Tisch.
the-game-has-started = Das Spiel hat begonnen.
this-table-expired = Dieser Tisch ist abgelaufen.
that-did-not-work-try = Das hat nicht geklappt; versuche es noch einmal.
a-player = Jemand
you-3 = (du)
leave-the-seat = Platz verlassen
remove = Entfernen
free-the-seat = Platz freigeben
free = Frei
kept-for = Frei: für { $name } freigehalten
kept-seats-wait = Einen freigehaltenen Platz spielt ein Bot, bis die Person zurückkommt.
take-this-seat = Diesen Platz nehmen
bot-level = Bot-Stufe
give-to-a-bot = An einen Bot geben
every-seat-is-taken = Alle Plätze sind besetzt.
start-the-game = Spiel starten
seats-still-free-are-played = Noch freie Plätze spielen Bots.
invite-link = Einladungslink:
room-link-public-help = Jeder findet den Tisch auch auf der Startseite; schick diesen Link den Freunden, die du dabeihaben willst.
room-link-private-help = Nur wer diesen Link hat, kann Platz nehmen: schick ihn den Freunden, die du am Tisch haben willst.
this-table-does-not-exist = Diesen Tisch gibt es nicht (oder der Link ist abgeschnitten).
this-table-expired-2 = Dieser Tisch ist abgelaufen
nobody-started-it-in-time = Niemand hat ihn rechtzeitig gestartet. Richte einen neuen ein.
a-public-table-anyone-can = Ein öffentlicher Tisch: alle finden ihn auf der Startseite und können einen freien Platz nehmen.
a-private-table-only-people = Ein privater Tisch: nur wer den Einladungslink hat, kann einen Platz nehmen.
your-name = Dein Name
this-browser-remembers-it-for = Dieser Browser merkt ihn sich für deine nächsten Tische.
open-tables-join-a-game = Offene Tische: spiel mit
join = Mitspielen
seat-number = Platz { $number }
bot-difficulty = Bot: { $difficulty }
waiting-free-seats-until-start = { $free ->
        [one] 1 Platz frei
       *[other] { $free } Plätze frei
    }. Das Spiel beginnt, wenn alle Plätze besetzt sind oder wer den Tisch eingerichtet hat es startet.
waiting-room-game = Warteraum: { $game }
waiting-players-and-free-seats = { $players ->
        [one] 1 Person
       *[other] { $players } Personen
    }, { $free ->
        [one] 1 Platz frei
       *[other] { $free } Plätze frei
    }

## Home and setup

crack-safes-with-friends-or = Knacke Tresore mit Freunden oder Bots
four-card-games-about-safes = Vier Kartenspiele um Tresore, Schlüssel und Codes. Wähle ein Spiel, die Regeln und wer am Tisch sitzt, und spiel im Browser.
games-2 = Spiele
play-now-against-bots = Jetzt gegen Bots spielen
set-up-a-table = Tisch einrichten
tables = Tische
playing-now-watch = Läuft gerade: zuschauen
finished-replay = Beendet: Wiederholung
default = (Standard)
who-plays = Wer spielt
players-2 = Personen
seats-beyond-this-number-are = Plätze über dieser Zahl bleiben leer.
your-name-optional = Dein Name (freiwillig)
me = Ich
a-friend-invite-link = Jemand Eingeladenes (Einladungslink)
choose-me-for-one-seat = Wähle „Ich“ für einen Platz, um zu spielen, oder für keinen, um den Bots zuzuschauen.
rules-edition = Regelausgabe
preset = Voreinstellung
defaults-no-preset = Standard (keine Voreinstellung)
options = Optionen
more-rules = Weitere Regeln
hint-panel = Hinweisfeld
let-players-open-a-panel = Erlaubt, ein Feld zu öffnen, das zeigt, was sich aus der eigenen Sicht folgern lässt (standardmäßig aus).
how-to-play-2 = So wird gespielt
the-rulebook = Die Spielregel
the-table = Der Tisch
waiting-room = Warteraum
friends-take-the-seats-you = Eingeladene nehmen die Plätze, die du „Jemand Eingeladenes“ gibst; du startest, wenn alle da sind (oder es beginnt, wenn der letzte Platz besetzt ist).
who-can-find-it = Wer ihn finden kann
private-only-with-the-invite = Privat: nur mit dem Einladungslink
public-listed-on-the-home = Öffentlich: auf der Startseite gelistet
no-such-game = Dieses Spiel gibt es nicht
pick-one-of-the-games = Wähle eines der Spiele auf der Startseite.
choose-how-many-play = Wähle, wie viele mitspielen.
choose-me-for-one-seat-only = Wähle „Ich“ nur für einen Platz.
choose-who-sits-at-each = Wähle, wer auf jedem Platz sitzt.
choose-one-of-the-clocks = Wähle eine der angebotenen Uhren.
something-went-wrong = Etwas ist schiefgegangen
go-to-the-table = Zum Tisch
watch-the-table = Dem Tisch zuschauen
take-the-seat = Platz nehmen
join-2 = Mitspielen
this-invite-link-does-not = Dieser Einladungslink funktioniert nicht
ask-whoever-invited-you-for = Bitte die Person, die dich eingeladen hat, noch einmal um den Link.
somebody-already-took-this-seat = Jemand hat diesen Platz schon genommen.
this-invite-code-does-not = Dieser Einladungscode öffnet diesen Platz nicht.
the-seat-could-not-be = Der Platz konnte nicht genommen werden.
could-not-join = Mitspielen nicht möglich
players-min = { $min ->
        [one] 1 Person
       *[other] { $min } Personen
    }
players-min-max = { $min }–{ $max } Personen
players-count = { $players ->
        [one] 1 Person
       *[other] { $players } Personen
    }
moves-count = { $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    }
name-how-to-play = { $name }: so wird gespielt
the-option-option-is-not = Die Option { $option } ist nicht lesbar.
the-table-could-not-be = Der Tisch konnte nicht eingerichtet werden: { $message }
players-need-the-rule = { $players } Personen brauchen die Regel „{ $rule }“.
the-rule-does-not-fit = Die Regel „{ $rule }“ passt nicht zu diesem Tisch.
join-a-table-of-game = An einem Tisch { $game } mitspielen
this-browser-already-sits-at = Dieser Browser sitzt schon an diesem Tisch (Platz { $seat }).
seat-n-is-already-taken = Platz { $n } ist schon besetzt.
you-are-invited-to-seat = Du bist auf Platz { $n } eingeladen.

## Chat

spectator = Zuschauer
spectator-2 = Zuschauer
spectators-chat = Chat der Zuschauer
table-chat = Tisch-Chat
# A template the chat script fills: {n} stays as it is (the seat number goes there).
chat-player-n-template = Person {"{"}n{"}"}
the-players-read-the-spectators = Wer spielt, liest den Chat der Zuschauer erst, wenn das Spiel vorbei ist.
no-messages-yet = Noch keine Nachrichten.
message = Nachricht
write-a-message = Schreib eine Nachricht
send = Senden
the-players-chat-is-off = Der Chat der Spielenden ist an diesem Tisch aus, solange gespielt wird (die Regeln von The Safe verbieten, über Karten zu reden).
chat = Chat
nothing-was-said-yet-at = Bei diesem Zug wurde noch nichts gesagt.
a-new-match-was-started = Noch eine Runde: ein neuer Tisch ist bereit.
go-to-the-new-table = Zum neuen Tisch
join-take-my-seat = Mitspielen: meinen Platz nehmen
play-again = Noch einmal spielen
this-table-is-a-rematch = Dieser Tisch ist eine Revanche:
the-previous-match = die vorige Partie
the-players-chat-is-off-at-this = Der Chat der Spielenden ist an diesem Tisch aus.
that-message-is-too-long = Diese Nachricht ist zu lang (höchstens 500 Zeichen).
write-something-first = Schreib zuerst etwas.
this-tables-chat-is-full = Der Chat dieses Tisches ist voll.
too-many-messages-at-once = Zu viele Nachrichten auf einmal: warte einen Moment.
the-message-was-not-sent = Die Nachricht wurde nicht gesendet: versuche es noch einmal.
no-seat-here = Hier kein Platz
only-the-players-of-a = Nur wer bei einer Partie mitgespielt hat, kann ihre Revanche starten.
your-seat-in-the-new = Dein Platz in der neuen Partie ist schon besetzt.
the-match-is-not-over = Die Partie ist noch nicht vorbei.
the-new-match-could-not = Die neue Partie konnte nicht gestartet werden: versuche es noch einmal.

## Turn notifications

asking-the-browser = Frage den Browser…
this-browser-will-tell-you = Dieser Browser sagt dir Bescheid, wenn du dran bist.
the-browser-does-not-allow = Der Browser erlaubt für diese Website keine Benachrichtigungen.
notifications-could-not-be-turned = Benachrichtigungen konnten nicht eingeschaltet werden.
this-browser-cannot-show-notifications = Dieser Browser kann keine Benachrichtigungen zeigen.
tell-me-when-it-is = Sag mir, wenn ich dran bin
for-tables-played-over-hours = Für Tische, die über Stunden oder Tage gespielt werden: du erfährst es jedes Mal einmal, wenn du dran bist.
notify-me-in-this-browser = In diesem Browser benachrichtigen
this-seat-has-browser-notifications = Dieser Platz hat Browser-Benachrichtigungen an.
or-a-webhook-a-discord = Oder ein Webhook (die URL eines Discord- oder Slack-Kanals)
save = Speichern
remove-2 = Entfernen
you-are-watching = Du schaust zu
only-a-player-at-the = Nur wer am Tisch spielt, kann über seinen Zug benachrichtigt werden.
that-address-is-not-accepted = Diese Adresse wird nicht angenommen: gib eine https-URL einer öffentlichen Website an (einen Discord- oder Slack-Webhook).
too-many-changes-for-this = Zu viele Änderungen für diesen Tisch.
the-webhook-could-not-be = Der Webhook konnte nicht gespeichert werden: versuche es noch einmal.
not-saved = Nicht gespeichert
your-tables = Deine Tische
you-set-it-up = von dir eingerichtet
tables-waiting-for-your-move = Tische, die auf deinen Zug warten
your-move = du bist dran
one-day-per-move = 1 Tag pro Zug
one-week-per-move = 1 Woche pro Zug
pace = Tempo
how-fast-to-play = Wie schnell gespielt wird
real-time-all-at-the = In Echtzeit, alle am Tisch (Standard)
turn-based = Zugweise:{" "}
turn-based-tables-are-played = Zugweise Tische werden über Tage gespielt: alle haben für jeden Zug die gewählte Zeit, niemand wird wegen Abwesenheit ersetzt, und du kannst benachrichtigt werden, wenn du dran bist. Läuft eine Frist ab, macht ein Bot diesen Zug.
days-per-move = { $days ->
        [one] 1 Tag pro Zug
       *[other] { $days } Tage pro Zug
    }
hours-per-move = { $hours ->
        [one] 1 Stunde pro Zug
       *[other] { $hours } Stunden pro Zug
    }

## Game log

a-bot-for-who = ein Bot für { $who }

## Clocks

a-player-out-of-time = wer keine Zeit mehr hat, passt, wo das Spiel es erlaubt (sonst spielt ein Bot)
a-player-out-of-time-loses-the = wer keine Zeit mehr hat, verliert das Spiel
a-bot-plays-for-a = ein Bot spielt für wen keine Zeit mehr hat, bis die Person zurückkommt
time-left = Restzeit
time-left-2 = Restzeit:{" "}
time-for-this-move = Zeit für diesen Zug:
move-due = · bis
clock = Uhr
time-control = Bedenkzeit
no-clock = Keine Uhr
each-player-has-a-time = Alle haben ein Zeitkonto, das während ihrer Züge läuft und nach jedem Zug um den Zuschlag wächst. Alle sehen die Uhren laufen.
when-a-clock-runs-out = Wenn eine Uhr abläuft
a-bot-plays-for-that = Ein Bot spielt für diese Person
the-player-passes-where-the = Die Person passt, wo das Spiel es erlaubt
the-player-loses-games-with = Die Person verliert (Spiele mit Sieger)
clock-minutes = { $minutes } min
clock-seconds = { $seconds } s
clock-bank-plus-increment = { $bank } + { $increment_secs } s pro Zug
clock-control-on-timeout = Uhr: { $control }; { $on_timeout }.

## Tutorials (the first games)

tutorial-first-games = Erste Partien
tutorial-index-intro = Neu in einem Spiel? Spiel eine kurze erste Partie: feste Karten, eine Anleitung, die dir jeden Zug und seinen Grund sagt, die echten Bedienelemente des Tischs und ein paar Bots, die mitspielen. Sie dauert ein paar Minuten, und nichts wird gespeichert.
tutorial-learn = Mit einer ersten Partie lernen
tutorial-title = Erste Partie: { $game }
tutorial-step-of = Schritt { $step } von { $steps }
tutorial-well-done = Gut gemacht!
tutorial-set-up-a-real-game = Eine echte Partie einrichten
tutorial-another = Eine andere erste Partie
tutorial-start-again = Diese erste Partie neu beginnen
tutorial-also-legal = Das geht auch, aber versuch in dieser Lektion: { $action }.
tutorial-club-unlock-intro = Ihr seid Tresorknacker im Ruhestand, drei am Tisch. In einer echten Partie wählt zuerst jeder geheim vier Schlüssel; hier sind deine schon gewählt: zwei rote, ein grüner und ein blauer. Jeder ausliegende Tresor zeigt die vier Schlüssel, die ihn öffnen, und das Geld darin.
tutorial-club-unlock-1 = Tresor #2 braucht Rot, Grün, Gelb und Blau; Tresor #3 braucht Rot, Grün und zweimal Blau. Für beide brauchst du zwei rote, zwei grüne, einen gelben und drei blaue. Fang mit einem grünen Schlüssel an: klick auf den grünen Stapel. (Ein Klick auf einen Tresor würde abgelehnt: du hast seine Schlüssel noch nicht.)
tutorial-club-unlock-2 = Bot 2 hat Tresor #1 mit seinen gewählten Schlüsseln geknackt, und alle haben gesehen, welche Schlüssel er zurückgelegt hat. Einen Schlüssel nehmen ist dein ganzer Zug. Nimm jetzt einen blauen Schlüssel.
tutorial-club-unlock-3 = Tresor #3 könntest du schon knacken, aber ein Tresor allein bringt keinen Bonus. Nimm noch einen blauen Schlüssel.
tutorial-club-unlock-4 = Für beide Tresore fehlt ein Schlüssel: nimm einen gelben.
tutorial-club-unlock-5 = Du hast die Schlüssel für beide Tresore. Knacke Tresor #2: klick ihn an. Seine Schlüssel gehen zurück auf ihre Stapel, und dein Zug geht weiter.
tutorial-club-unlock-6 = Du hast noch Rot, Grün und zweimal Blau: knacke auch Tresor #3. Ein zweiter Tresor im selben Zug bringt einen Serienbonus (10), und der letzte ausliegende Tresor den Bonus für den letzten Tresor (10).
tutorial-club-unlock-finish = Du hast pro Zug einen Schlüssel genommen, gesehen, dass ein Tresor nur mit seinen vier Schlüsseln aufgeht, und zwei Tresore in einem Zug geknackt: 10 + 11 für die Tresore und zwei Bonusmarken zu 10. Der letzte Tresor ist geknackt, also ist die Partie vorbei. Eine echte Partie hat 35 Tresore, sieben liegen jeweils aus, und es gibt noch einen Bonus: wer den letzten Schlüssel eines Stapels nimmt, legt eine Marke unter einen Tresor, der diese Farbe braucht.
tutorial-cash-finish = Du hast pro Zug einen Schlüssel genommen, gesehen, dass ein Tresor nur mit seinen vier Schlüsseln aufgeht, und zwei Tresore in einem Zug geknackt: 10 + 11 für die Tresore und zwei Bonusmarken zu 10. Der letzte Tresor ist geknackt, also ist die Partie vorbei. Eine echte Partie hat 35 Tresore, sieben liegen jeweils aus, und es gibt noch einen Bonus: in CASH bekommt, wenn ein Stapel leer wird, jeder ausliegende Tresor, der diese Farbe braucht, eine Marke.
tutorial-safe-breaker-intro = Jeder hat einen geheimen Code: eine Schlossfarbe und eine Schlüsselzahl. Deiner ist Blau 3. Bei drei Spielern werden drei Schlösser beiseitegelegt; in dieser Lektion liegen sie offen (Gelb, Lila, Orange), also haben Bot 2 und Bot 3 Rot und Grün und zwei der Zahlen 1, 2, 4, 5 und 6.
tutorial-safe-breaker-1 = Frag nach Rot mit deiner eigenen Zahl: wähle Rot und 3, dann Fragen. Die 3 hast du selbst, also kann ein Ja nur Rot bedeuten. Deine Frage geht zuerst an Bot 2.
tutorial-safe-breaker-2 = Bot 2 hat Ja gesagt: er hat Rot, also hat Bot 3 Grün. Jetzt die Zahlen. Gelb hat niemand (es liegt offen), also zählt bei „Gelb oder 6?“ nur die 6. Wähle Gelb und 6, dann Fragen.
tutorial-safe-breaker-3 = Niemand hat Ja gesagt: niemand hat die 6, und du fragst noch einmal. Wähle Gelb und 1, dann Fragen.
tutorial-safe-breaker-4 = Bot 2 hat Nein gesagt, also ging die Frage weiter an Bot 3, und der hat Ja gesagt: Bot 3 ist Grün 1. Wähle jetzt Gelb und 5, dann Fragen.
tutorial-safe-breaker-5 = Bot 2 hat zu „Gelb oder 5?“ Ja gesagt: sein Code ist Rot 5. Wähle Rot und 5 und beschuldige Bot 2. Sei dir sicher: ein falscher Tipp wirft dich aus dem Spiel.
tutorial-safe-breaker-6 = Richtig: Bot 2 ist raus, und du bist noch einmal dran. Beschuldige Bot 3: Grün 1.
tutorial-safe-breaker-finish = Du hast Fragen gestellt, deren Antworten Codes ausschließen, eine Frage gesehen, auf die niemand Ja sagt, und mit zwei richtigen Tipps gewonnen. In einer echten Partie liegen die beiseitegelegten Teile meist verdeckt, und die anderen fragen und tippen auch: das Fragenprotokoll des Tischs und die Hinweise helfen dir dabei.
tutorial-explosiv-intro = Du spielst Rot gegen Blau. Drei Koffer liegen aus, jeder beginnt eine Reihe: A +6, B +2, C +5. Die Rückseite ist jeweils eine Bombe (beide Seiten ergeben zusammen 9). Ihr spielt beide alle acht Zahlenkarten, eine pro Zug, ans Ende einer Reihe; am Ende der Runde nimmt die höchste Summe einer Reihe ihre Karte.
tutorial-explosiv-1 = Hol dir den besten Koffer: wähle deine 8 und klick auf Reihe A.
tutorial-explosiv-2 = Blau hat eine 7 an A gelegt. Jede Zahl darf nur einmal in eine Reihe (außer der 8), also darf keine zweite 7 dazu. Leg deine 6 an Reihe A.
tutorial-explosiv-3 = Reihe A endet jetzt mit deiner eigenen Karte, und auf deine eigene Karte darfst du nie legen. Blau hat Reihe C mit einer 8 eröffnet: gib ihr eine Karte, die du nicht brauchst, deine 1.
tutorial-explosiv-4 = Eröffne Reihe B: leg deine 2 dorthin.
tutorial-explosiv-5 = Reihe A endet noch mit deiner 6 und bleibt dir verschlossen. Leg deine 3 an Reihe C.
tutorial-explosiv-6 = Blau hat eine 5 an A gelegt, also ist A wieder offen für dich, aber deine 5 würde dort abgelehnt. Leg deine 4 an Reihe A: 8 + 6 + 4 = 18 gegen 12 von Blau.
tutorial-explosiv-7 = Reihe C ist die längste, und zu zweit explodiert am Rundenende die längste Reihe: ihr Koffer wird zur Bombe (−4). Dort führt Blau, also mach sie länger: leg deine 7 an Reihe C.
tutorial-explosiv-8 = Deine letzte Karte, die 5, passt nur an Reihe B: in A liegt schon eine 5, und C endet mit deiner eigenen Karte. Als letzte Karte von Reihe B bringt sie dir dort auch 2 Punkte mehr.
tutorial-explosiv-finish = Die Runde ist vorbei. Reihe A (+6) und B (+2) gehören dir; Reihe C war die längste, also ist sie explodiert, und Blau nimmt sie als −4-Bombe. Du hast die drei Legeregeln, den Bonus für die letzte Karte und die Explosion zu zweit gelernt. Eine echte Partie hat mehrere Runden, jede mit neuen Koffern.
tutorial-the-safe-intro = The Safe spielt ihr als Team ohne ein Wort; in dieser Lektion spielst du allein, kurz vor dem Ende der ersten Mission. Jede Farbkarte sagt, wie viele Farben ihre Reihe haben darf, und jede Reihe läuft entweder auf- oder abwärts. Verdeckt liegt der Code: eine Zahl jeder Farbe (Orange, Grün, Gelb). Spiel deine Karten und nenne dann den Code.
tutorial-the-safe-1 = Reihe 1 nimmt nur eine Farbe, Orange, und läuft aufwärts bis 7. Wähle deine orange 8 und leg sie an Reihe 1. Nach jeder Karte ziehst du eine vom Stapel.
tutorial-the-safe-2 = Reihe 2 hat schon Grün und Gelb, die zwei Farben, die ihre Karte erlaubt, und läuft aufwärts bis 4. Deine gelbe 5 passt dort; an Reihe 1 würde sie abgelehnt (nur Orange). Leg sie an Reihe 2.
tutorial-the-safe-3 = Du hast die gelbe 6 gezogen: sie passt auch an Reihe 2, über die 5.
tutorial-the-safe-4 = Der Nachziehstapel ist jetzt leer. Leg deine orange 9 an Reihe 1.
tutorial-the-safe-5 = Deine grüne 8 passt weder an Reihe 3 (sie läuft abwärts bis 7) noch an Reihe 4 (sie läuft abwärts bis 0): leg sie an Reihe 2.
tutorial-the-safe-6 = Alle Karten sind gespielt: nenne jetzt den Code. In den Reihen liegen die orangen 0, 1, 2, 3, 5, 6, 7, 8 und 9; die Zahl, die du nie gesehen hast, ist der Code. Nenne 4 für Orange.
tutorial-the-safe-7 = Grün: 0, 1, 2, 3, 4, 5, 7, 8 und 9 liegen in den Reihen. Nenne 6.
tutorial-the-safe-8 = Gelb: nur die 2 ist nirgends zu sehen. Nenne 2.
tutorial-the-safe-finish = Der Tresor ist geknackt! Du hast gelernt, wie Farbkarten und Richtungen die Reihen begrenzen und wie du den Code aus den gesehenen Karten nennst. Eine echte Partie spielt ein Team, das nicht reden darf; es braucht fünf Tresore in Folge, mit einer Einschränkungskarte mehr in jeder Mission.

## Adressen und Formulare, die die Seite nicht lesen kann
no-such-page = Diese Seite gibt es nicht
no-such-page-why = Unter dieser Adresse gibt es keine Seite. Prüfe den Link oder fang bei den Spielen neu an.
unreadable-address = Diese Adresse lässt sich nicht lesen
unreadable-form = Dieses Formular lässt sich nicht lesen
unreadable-why = Etwas in der Adresse oder im Formular passt nicht zu dem, was diese Seite erwartet (vielleicht von Hand geändert oder abgeschnitten). Es wurde nichts geändert.
technical-detail = Technische Angabe
form-too-large-why = Das Formular war größer als jedes Formular dieser Seite und wurde nicht gelesen. Es wurde nichts geändert.
refused-busy = Zu viele Anfragen auf einmal
refused-busy-why = Von dieser Verbindung kommen gerade sehr viele Anfragen. Warte einen Moment und versuche es noch einmal: Es wurde nichts geändert.
refused-slow-why = Die Anfrage kam nicht rechtzeitig an. Versuche es noch einmal: Es wurde nichts geändert.
not-a-page = Keine Seite zum Öffnen
not-a-page-why = Diese Adresse nimmt ein Formular vom Tisch entgegen, keinen Besuch. Geh zurück und nutze die Knöpfe der Seite.
refused-other-origin = Abgelehnt
refused-other-origin-why = Eine andere Seite oder ein anderer Ursprung kann mit deinem Platz an diesem Tisch nicht handeln. Öffne den Tisch selbst und spiel dort.
refused-expired-form = Dieses Formular ist abgelaufen
refused-expired-form-why = Es wurde nicht von der aktuellen Seite dieses Browsers gesendet (die Seite ist vielleicht alt oder ihr Cookie weg). Lade die Seite neu und versuch es noch einmal: Es wurde nichts geändert.

# A seat played from another device (src/devices.rs).
device-play-on-another = Auf einem anderen Gerät spielen
device-why = (etwa auf dem Handy, wo dich „Du bist dran“ erreicht)
device-open-this-link = Öffne diesen Link auf deinem Handy oder einem anderen Rechner, um Platz { $n } auch dort zu spielen; dieser Browser behält ihn ebenfalls.
device-scan-it = Der Link zu deinem Platz als QR-Code: scanne ihn mit der Kamera deines Handys.
device-link = Link zu deinem Platz:
device-works-once = Dieser Link funktioniert einmal, { $minutes ->
        [one] eine Minute
       *[other] { $minutes } Minuten
    } lang: wer ihn zuerst öffnet, spielt deinen Platz. Behalte ihn also für dich.
device-new-link = Neuen Link machen
device-too-many-links = Zu viele Links auf einmal
device-too-many-links-why = Links zu einem Platz entstehen nur ein paar auf einmal. Warte eine Minute und mach dann einen neuen.
device-no-seat-here = Dieser Browser hat keinen Platz an diesem Tisch
device-no-seat-here-why = Nur der Browser, der einen Platz spielt, kann ihn an ein anderes Gerät geben.
device-link-does-not-work = Dieser Link öffnet keinen Platz
device-link-does-not-work-why = Ein Link funktioniert einmal, ein paar Minuten lang: vielleicht wurde er schon benutzt, ist abgelaufen oder abgeschnitten. Mach auf dem Gerät, das den Platz spielt, einen neuen („Auf einem anderen Gerät spielen“).
device-a-table = einem Tisch
device-already-here = Dieser Browser spielt diesen Platz schon.
device-play-seat-here = Platz { $n } bei { $game } in diesem Browser spielen?
device-lets-go-of = Dieser Browser spielt Platz { $held } an diesem Tisch: spielt er hier Platz { $n }, gibt er Platz { $held } ab.
device-play-here = Hier spielen
device-sign-out-heading = Ein Gerät verloren?
device-sign-out-why = Ist ein Handy, das diesen Platz gespielt hat, verloren, oder hat ein Link die falsche Person erreicht, melde alle anderen Geräte ab: Nur dieser Browser behält den Platz, und früher gemachte Links funktionieren nicht mehr.
device-sign-out = Alle anderen Geräte abmelden
device-signed-out = Alle anderen Geräte wurden von diesem Platz abgemeldet. Nur dieser Browser spielt ihn jetzt.
device-signed-out-here = Dieser Browser wurde von einem anderen Gerät aus von seinem Platz abgemeldet. Du schaust zu.
device-no-more-links = Keine weiteren Links für diesen Platz
device-no-more-links-why = Für diesen Platz wurden so viele Links für andere Geräte gemacht, wie ein Platz darf. Ein Gerät, das ihn schon spielt, spielt ihn weiter.
device-no-more-sign-outs = Keine weiteren Abmeldungen an diesem Tisch
device-no-more-sign-outs-why = Dieser Platz hat seine anderen Geräte so oft abgemeldet, wie ein Platz es in einem Spiel darf. Dieser Browser spielt ihn weiter.
