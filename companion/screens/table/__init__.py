"""The table pieces every card game's page is put together from, written once.

A card game's page (`companion/screens/<game>/`) describes its board in these pieces and adds
only what is truly its own (Riposte's clash picture, Vita Luna's board):
- `eyes`: whose eyes a run draws through, the pass-the-tablet cover in front of a private screen,
  and the actions a screen offers;
- `header`: the title bar with Undo, the "just now" strip, the prompt, the log, the end;
- `buttons`: an action's button, which keeps the tablet with the player who tapped it;
- `words`: the words on an action's button, looked up in the game's table by action type;
- `page`: the frame (board and rules rows on the left, the controls on the right);
- `entry`: what has been entered from the physical decks, with Clear, and why it cannot be;
- `memory`: the memories of a moment (the first of two taps, the cards being entered);
- `rulings`: the ruling behind a refused tap or a refused Undo, a tap away;
- `covers`: which seat the app plays, who draws the cards, the covers kept passed;
- `style`: the CSS every page shares, under the game's prefix.
"""
