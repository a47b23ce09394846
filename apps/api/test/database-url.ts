/** The PostgreSQL of the API suite's second pass; unset, the suite runs on PGlite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL;
