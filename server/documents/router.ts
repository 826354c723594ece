// GET /documentos/<name>.pdf: the seeded documents (./catalog.ts), generated once in memory. Any other
// /documentos/ address is a bare 404, never the site's 404 page: the article's PDF viewer frames
// this address, and a missing document must not put a whole page (header, footer) inside an article.
import express, { type Request, type Response } from "express";
import { DOCUMENTS_PATH, SEED_DOCUMENTS } from "./catalog";
import { simplePdf } from "./pdf";

const DOCUMENT_CACHE_CONTROL = "public, max-age=86400";
export const MISSING_DOCUMENT = "Documento no encontrado";

export function createDocumentsRouter(): express.Router {
  const router = express.Router();
  const files = new Map<string, Buffer>();
  router.get(`${DOCUMENTS_PATH}*`, (req: Request, res: Response) => {
    const name = /^\/documentos\/([a-z0-9-]+)\.pdf$/.exec(req.path)?.[1];
    const document = name ? SEED_DOCUMENTS.find((d) => d.name === name) : undefined;
    if (!document) {
      res.status(404).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(MISSING_DOCUMENT);
      return;
    }
    let file = files.get(document.name);
    if (!file) files.set(document.name, (file = simplePdf(document.title, document.paragraphs)));
    res
      .status(200)
      .type("application/pdf")
      .set("Cache-Control", DOCUMENT_CACHE_CONTROL)
      .set("Content-Disposition", `inline; filename="${document.name}.pdf"`)
      .send(file);
  });
  return router;
}
