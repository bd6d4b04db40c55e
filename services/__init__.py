"""Pure game rules (one package per game) and the game store on Redis."""
