//! Empty: this package only names the sources to fetch.
