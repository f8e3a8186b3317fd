// Not a test: Inputs directories are skipped.
// RUN: false
