import { z } from "zod";

/**
 * `schema.safeParse` for what a client sent. zod (4.6) throws instead of reporting an issue on
 * some hostile shapes: a length check given an object whose `length` has no primitive value
 * (`{"length": {"toString": null}}` where a string belongs) compares it and hits a TypeError.
 * Such input is invalid, not a server error: the throw becomes an issue at the root.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.ZodSafeParseResult<z.output<T>> {
  try {
    return schema.safeParse(input);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const issue = {
      code: "custom" as const,
      path: [],
      message: "a value has the wrong type (an object where text or a list belongs)",
      input,
    };
    return { success: false, error: new z.ZodError([issue]) } as z.ZodSafeParseResult<z.output<T>>;
  }
}
