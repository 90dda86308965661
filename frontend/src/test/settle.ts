import { act } from "@testing-library/react";

/**
 * Lets every pending promise, render and effect run: a load an effect starts settles, its
 * answer renders, and the effects of that render run too. Each round of `act` flushes the
 * renders and effects queued so far; the answers they start settle in the next round.
 */
export async function settle(rounds = 8): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {});
  }
}
