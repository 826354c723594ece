// React 18's streaming renderer fills fixed 2048-byte views; when a multi-byte character does not
// fit at a view's end it writes the whole view anyway, unwritten bytes included, and the character
// follows in the next view: a NUL byte or two inside the page ("Galer\0ías"). Fixed in React after
// 18.3 (react/react#31134, facebook/react#26228). NUL never belongs in an HTML page, so the padding
// at a chunk's end is dropped.

/** The chunk without the NUL bytes at its end (at most 3: the tail of a 4-byte character's space). */
export function withoutViewPadding(chunk: Buffer): Buffer {
  let end = chunk.length;
  while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end--;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}
