"""Combat kits: odds tables (Onslaught, D-Day 3rd), symbol dice pools (1944),
aimed fire with steps (Second Front Now)."""
