/**
 * A scenario document, or one of its items, as the forms and views read it: JSON of any shape the
 * API accepts. The API validates every write and names the field at fault; the forms only read
 * and set fields by their paths.
 */
// biome-ignore lint/suspicious/noExplicitAny: documents of every shape the API accepts, which it validates
export type Doc = Record<string, any>;
