// WireLint: fixture hygiene rules (secrets, personal data, internal hosts, format, naming,
// unreferenced fixtures), suppressions, masking, and the findings every check reports.
