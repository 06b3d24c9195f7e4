"""The browser app: static pages, and the JSON the pages draw from."""
