// The view's types for the table's JSDoc, written by tools/view_schema.py from engine/view_types.py
// (make view-schema; tests/test_view_schema.py checks it is current): do not edit by hand.
// A module of comments only: `@param {import('./view-types.js').View} view` names its types.

/**
 * What ``GameState.view(seat)`` returns (and the browser's worker passes to the table): the header,
 * what the table draws, trick play, the trumps and the hands; the same keys for every game, and no
 * other but ``detail``.
 * @typedef {Object} View
 * @property {string} game The game id.
 * @property {Object<string, (string|number|boolean)>} variant Every option of the rules variant.
 * @property {(number|null)} seat The viewer: a seat, or null for the omniscient view.
 * @property {number} players The number of seats.
 * @property {Array<Array<number>>} sides The seats of each side (one seat each where every player plays for himself).
 * @property {number} dealer The dealer of the deal in progress.
 * @property {number} deal The number of the deal in progress (the last, at the end).
 * @property {string} phase The phase's name, as the engine and the goldens name it.
 * @property {("dialogue"|"exchange"|"trick"|"over")} phase_kind The kind of the phase: a turn-order dialogue, an exchange, trick play, or the end.
 * @property {Prompt} prompt What the phase on now asks.
 * @property {(number|null)} to_act The seat to act; null at the end.
 * @property {Array<SheetRow>} score_sheet A row per deal that is over (and the deal in progress once it has an entry).
 * @property {Array<LegalAction>} legal The legal actions, for the seat to act and the omniscient view; empty for every other viewer.
 * @property {Array<LogEntry>} log The last log entries (the engine sends at most 40).
 * @property {boolean} over The game is over (then phase and phase_kind are over, to_act is null, outcome is given).
 * @property {(OutcomeJson|null)} outcome At the end, the outcome; else null.
 * @property {Array<number>} active The seats that play the deal (every seat when all play).
 * @property {(Calls|null)} calls The deal's dialogue so far; null before the deal has had one.
 * @property {(Contest|null)} contest A dialogue that is a contest, in lines; else null.
 * @property {Array<Show>} shows The hands or parts of hands shown this deal.
 * @property {Array<Pile>} piles The piles on the felt besides the trick.
 * @property {Array<Array<SeatCount>>} seat_counts Per seat, what it has gathered besides its tricks, as labelled items.
 * @property {(Taken|null)} taken To the seat to act (and the omniscient view): the cards he took in the exchange on now.
 * @property {Array<number>} totals Each side's total in the score's unit.
 * @property {Ledger} ledger The score's unit, start and target, the accounts, the recent entries.
 * @property {(DealSummary|null)} previous_deal The last finished deal; null before the first is over.
 * @property {Array<LegalAction>} unavailable The calls of the dialogue on now that the rules do not allow the seat to act, for that seat and the omniscient view (a table draws them unavailable, to read the rule that refuses them); empty for every other viewer.
 * @property {Array<Played>} trick The cards played to the trick in progress, in order.
 * @property {number} leader Who leads (led) the trick in progress.
 * @property {(LastTrick|null)} last_trick The last trick taken, or null.
 * @property {Array<number>} tricks The tricks each seat has taken this deal.
 * @property {number} tricks_played How many tricks of the deal are played.
 * @property {number} tricks_per_deal How many tricks the deal has.
 * @property {(("S"|"H"|"D"|"C")|null)} trump The trump suit, or null (Piquet is played without trumps; before it is known).
 * @property {Array<(Array<string>|HiddenHand)>} hands Per seat: its cards if the viewer may see them, else their count (and the cards of it shown).
 * @property {Object<string, *>} detail Game-specific keys no table code reads (Gleek's auction and ruff pot; empty for a game with none), an open object: a reader that knows one game may read it, a table must not.
 */

/**
 * An account kept besides the score: its unit, label, rule and total per seat or side (side payments,
 * a settlement).
 * @typedef {Object} Account
 * @property {string} unit Its unit.
 * @property {string} label Its label.
 * @property {string} rule The rule that keeps it.
 * @property {Array<(number)>} totals Its total per seat or side.
 */

/**
 * An action as engine.game.Action.to_json writes it.
 * @typedef {Object} ActionJson
 * @property {string} kind The action's kind: play, bid, pass, discard...
 * @property {string} [card] The card it plays, where it plays one.
 * @property {(number|string)} [value] Its value, where it has one (a bid, the cards discarded).
 */

/**
 * A call made in the deal's dialogue: its seat, the action's kind, the call in the game's words as
 * this viewer may know it, and its rule.
 * @typedef {Object} Call
 * @property {number} seat Who made it.
 * @property {string} kind The action's kind.
 * @property {string} text The call in the game's words as this viewer may know it: Ruff 24, bought 3.
 * @property {string} rule The rule it follows.
 */

/**
 * The deal's dialogue so far: the calls made, in order (every dialogue of the deal), the seats of the
 * dialogue opened last that are yet to speak, and how their waiting is said.
 * @typedef {Object} Calls
 * @property {Array<Call>} said The calls made, in order.
 * @property {Array<number>} waiting The seats of the dialogue opened last yet to speak.
 * @property {string} waiting_text How the seats yet to speak are waited for (seats 1 and 2 to bid); empty when no one is.
 */

/**
 * A dialogue that is a contest (Ruffe's ruff, Gleek's vie, Piquet's declarations): a title and lines
 * in the game's words, seats named as seat N.
 * @typedef {Object} Contest
 * @property {string} title The box's title.
 * @property {Array<ContestLine>} lines Its lines.
 */

/**
 * A line of a contest's box.
 * @typedef {Object} ContestLine
 * @property {string} label Its label (a seat, the stake).
 * @property {string} text What it says.
 * @property {boolean} muted Drawn muted (a seat out of the contest).
 * @property {(string|null)} rule Its rule, or null.
 */

/**
 * A finished deal as GameState.deal_summary gives it.
 * @typedef {Object} DealSummary
 * @property {number} deal The deal's number.
 * @property {(number|null)} dealer Its dealer.
 * @property {string} unit The unit of its amounts.
 * @property {boolean} lower_is_better Whether a lower amount is better.
 * @property {Array<SummaryLine>} lines One per side, in order.
 * @property {Array<SheetEntry>} entries The deal's score-sheet entries of every side, in the order written.
 * @property {Array<Fact>} facts Labelled items of the whole deal.
 * @property {Array<number>} best The sides that did best in it.
 * @property {(VoidDeal|null)} void The rule and why for a deal written off as void, else null.
 * @property {boolean} ended_game Whether the game ended with it.
 * @property {string} text One plain sentence.
 */

/**
 * A labelled item of a deal summary.
 * @typedef {Object} Fact
 * @property {string} label What it is.
 * @property {string} value Its value in words.
 * @property {string} [rule] Its rule.
 */

/**
 * A hand the viewer may not see.
 * @typedef {Object} HiddenHand
 * @property {number} count How many cards it holds.
 * @property {Array<string>} [known] The cards of it shown to the table (the loo family, Piquet).
 */

/**
 * The last trick taken.
 * @typedef {Object} LastTrick
 * @property {Array<Played>} cards Its cards, in the order played.
 * @property {number} leader Who led it.
 * @property {number} winner Who took it.
 */

/**
 * The ledger as the view gives it: the hook's part, and the entries of the deal in progress and of the
 * deal before it.
 * @typedef {Object} Ledger
 * @property {string} unit The score's unit: points, record, tokens.
 * @property {(number|Array<number>|null)} start What each side's score starts at (the loo records' start), or null.
 * @property {(string|null)} start_rule The rule of the start, or null.
 * @property {(number|null)} target The score that ends the game, or null.
 * @property {(string|null)} target_rule The rule of the game's end, or null.
 * @property {boolean} lower_is_better Whether a lower score is better.
 * @property {Array<Account>} accounts The accounts kept besides the score.
 * @property {Array<LedgerEntry>} entries Every entry of the deal in progress and of the deal before it, in every unit, in the order written (a deal's last point is written as the next deal begins).
 */

/**
 * One entry of the ledger, of any unit (engine.ledger.Entry.to_json, with its deal and unit): a point,
 * a payment between two players (its counterparty), a token into the pot.
 * @typedef {Object} LedgerEntry
 * @property {number} side The side it is written to.
 * @property {number} points Its amount in the unit.
 * @property {string} rule The rule that scores it.
 * @property {string} why Why, in words.
 * @property {number} [seat] The seat whose record it is (the loo family).
 * @property {number} [record] The seat's record after the entry (the loo family).
 * @property {number} [counterparty] A payment's other party.
 * @property {number} deal The deal it was written in.
 * @property {string} unit Its unit: points, record, tokens, payment...
 */

/**
 * A legal action: the action, its label for a button, its text for the command line and records.
 * @typedef {Object} LegalAction
 * @property {ActionJson} action The action.
 * @property {string} label Its label, for a button.
 * @property {string} text Its text, for the command line and records: play 7H.
 */

/**
 * One event of the log.
 * @typedef {Object} LogEntry
 * @property {number} deal The deal it happened in (0: before the first).
 * @property {(number|null)} seat The seat it concerns, or null.
 * @property {string} rule The rule it applies.
 * @property {string} text The event in words: template.format(*args), cards written with their symbols.
 * @property {string} template The sentence before its arguments are put in.
 * @property {Array<(number|string|null|Array<string>)>} args The template's arguments as data: seats and numbers as integers, cards as lists of cards.
 */

/**
 * The end of the game (engine.game.Outcome.to_json).
 * @typedef {Object} OutcomeJson
 * @property {Array<number>} winners The winning seats; empty for a drawn game.
 * @property {Array<number>} scores Each seat's final score.
 * @property {Array<Array<number>>} sides The sides, as sides() gives them.
 * @property {string} reason Why the game ended, in words.
 * @property {string} [rule] The rule that ended it.
 */

/**
 * A pile on the felt besides the trick.
 * @typedef {Object} Pile
 * @property {string} id Which pile: turned, head, aside, discards, out, stock, trump-card, talon, discards-0...
 * @property {string} label Its label.
 * @property {number} count How many cards it holds.
 * @property {Array<string>} [cards] Its cards, only those the viewer may see (all, or some: Piquet's talon shows the elder the cards he left); left out when he sees none.
 * @property {boolean} face_up Whether it lies face up.
 * @property {(number|null)} seat Who owns or took it, or null.
 * @property {boolean} trump It shows what is trumps.
 * @property {string} rule The rule that makes it.
 */

/**
 * A card played to a trick, and its seat.
 * @typedef {Object} Played
 * @property {number} seat Who played it.
 * @property {string} card The card.
 */

/**
 * What the phase on now asks, written by the engine.
 * @typedef {Object} Prompt
 * @property {string} text An English sentence, written by the engine, for the seat to act (the legal choices appended for a viewer who may see them).
 * @property {string} rule The rule of the game's catalogue that says what may be done now (at the end: the rule that ended the game).
 * @property {(number|null)} seat The seat to act (equal to to_act); null at the end.
 * @property {Array<number>} seats The seats the text refers to, in the order it names them.
 * @property {string} [adopted] Where rule is a rule by which the game adopts another's (Памфил: 'otherwise as Мушка'), the other game's rule.
 */

/**
 * A labelled count of what a seat has gathered besides its tricks.
 * @typedef {Object} SeatCount
 * @property {string} label What is counted.
 * @property {(number|string)} value How much.
 * @property {(string|null)} rule Its rule, or null.
 */

/**
 * One entry of the score sheet (engine.ledger.Entry.to_json).
 * @typedef {Object} SheetEntry
 * @property {number} side The side it is written to.
 * @property {number} points Its amount in the unit.
 * @property {string} rule The rule that scores it.
 * @property {string} why Why, in words.
 * @property {number} [seat] The seat whose record it is (the loo family).
 * @property {number} [record] The seat's record after the entry (the loo family).
 * @property {number} [counterparty] A payment's other party.
 */

/**
 * A deal of the score sheet (the deal in progress: complete false).
 * @typedef {Object} SheetRow
 * @property {number} deal The deal's number.
 * @property {number} dealer Its dealer.
 * @property {Array<SheetEntry>} entries Its entries in the score's unit, in the order written.
 * @property {boolean} complete Whether the deal is over.
 * @property {VoidDeal} [void] Given for a deal written off as void.
 */

/**
 * A hand or part of one shown to the table this deal (a proof, a declaration), told apart by kind.
 * @typedef {Object} Show
 * @property {number} seat Who showed it.
 * @property {string} kind What it is (a ruff, five of a suit, jacks, boys, the trump card...), told apart by this id.
 * @property {Array<string>} cards The cards shown.
 * @property {(number|null)} value Its worth, or null.
 * @property {string} text The show in words.
 * @property {string} rule The rule that has it shown.
 */

/**
 * A side's line of a deal summary.
 * @typedef {Object} SummaryLine
 * @property {number} side The side.
 * @property {Array<number>} seats Its seats.
 * @property {number} amount The sum of its entries.
 * @property {Array<SheetEntry>} entries Its score-sheet entries of the deal.
 * @property {Array<Fact>} facts What it did, as labelled items.
 * @property {string} text The same in plain words, with what it gained.
 */

/**
 * The cards the viewer (the seat to act) took into his hand in the exchange on now.
 * @typedef {Object} Taken
 * @property {number} seat Who took them.
 * @property {Array<string>} cards The cards.
 * @property {string} note Where they came from and what to do now.
 */

/**
 * A deal written off as void: the rule and why.
 * @typedef {Object} VoidDeal
 * @property {string} rule The rule that voids it.
 * @property {string} why Why, in words.
 */

export {};
