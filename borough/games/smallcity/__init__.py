"""Small City Deluxe: eight rounds of eight phases in a 10x10 borough."""
