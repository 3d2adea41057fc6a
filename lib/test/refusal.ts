import { expect } from "vitest";
import { DataError } from "@/lib/data/errors";

/** Awaits a data-layer call that must be refused, and returns the DataError it was refused with. */
export async function refusal(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}
