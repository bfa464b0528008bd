# Expression test suites (owned by the expressions work).
