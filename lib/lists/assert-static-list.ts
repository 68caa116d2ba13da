import { ApiError } from "@/lib/api/errors";

/** A filtered segment's members are whoever matches its filter now: none is added or removed by hand (409). */
export function assertStaticList(list: { name: string; filter: unknown }): void {
  if (list.filter !== null && list.filter !== undefined) {
    throw new ApiError(
      "conflict",
      `"${list.name}" is a filtered segment: its members are the contacts matching its filter, never added or removed by hand`,
    );
  }
}
