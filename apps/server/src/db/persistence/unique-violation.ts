/** Postgres unique violation, as both PGlite and node-postgres report it; services turn it into a 409 or a friendly 400. */
export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (!constraint || name === constraint);
};
