// The browser side of clock.ts: render "today" from the server's render instant, then from the
// browser's clock once mounted.
import { useEffect, useState } from "react";
import { toDate } from "./format";

/**
 * A value derived from "now": from the server's render instant during server render and hydration
 * (undefined when there is none), then from the browser's clock once mounted.
 * `derive` must return a primitive so that an unchanged value causes no re-render.
 */
export function useNow<T extends string | number>(renderedAt: string | undefined, derive: (now: Date) => T): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => {
    const date = toDate(renderedAt);
    return date ? derive(date) : undefined;
  });
  useEffect(() => {
    setValue(derive(new Date()));
    // derive is a pure formatter; the clock is read once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
