// The editor's side of click-to-select in the preview (server/editor/preview-client.js, served to the
// preview frame): the frame says it is ready and which block was clicked; the editor answers with the
// blocks' Spanish names and the selected block, which the frame outlines and scrolls into view.
// Messages are taken only from this origin and from the preview's own frame (docs/decisions/0076-editor-canvas.md).
import { useEffect, useRef, type RefObject } from "react";

interface BridgeState {
  titles: Record<string, string>;
  selected: string | null;
  onSelect: (id: string) => void;
}

const post = (frame: HTMLIFrameElement | null, { titles, selected }: BridgeState) =>
  frame?.contentWindow?.postMessage({ lienzo: "estado", titles, selected }, location.origin);

export function usePreviewBridge(frame: RefObject<HTMLIFrameElement | null>, bridge: BridgeState) {
  const latest = useRef(bridge);
  latest.current = bridge;

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== location.origin || !frame.current || event.source !== frame.current.contentWindow) return;
      if (event.data?.lienzo === "listo") post(frame.current, latest.current);
      else if (event.data?.lienzo === "seleccionar" && typeof event.data.id === "string") latest.current.onSelect(event.data.id);
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [frame]);

  // A selection made in the list is outlined in the preview.
  useEffect(() => void post(frame.current, latest.current), [frame, bridge.selected]);
}
