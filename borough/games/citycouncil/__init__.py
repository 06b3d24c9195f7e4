"""City Council: a semi-cooperative council that builds a city, or loses it."""
