/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
}

/** `%text%` where the user's % means "any characters" (spec 5: team member name search); _ and \ literal. */
export function wildcardPattern(text: string): string {
  return `%${text.replace(/[\\_]/g, (m) => '\\' + m)}%`;
}

/** `text%` for LIKE with the user's %, _ and \ taken literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
}
