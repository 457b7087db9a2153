"""`pugdeck party`: the group plays on their phones, with a shared screen (docs/party.md)."""
