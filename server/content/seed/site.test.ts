// Section descriptions read as a person wrote them (docs/brands.md#soho-section-page): each Soho
// section has its own, and the sentence made for the others never says "de Videos en …".
import { describe, expect, it } from "vitest";
import { sectionRecords } from "./site";

const records = sectionRecords();

describe("section descriptions", () => {
  it("gives every Soho section a description of its own, not the section's name poured into a template", () => {
    const soho = records.filter((record) => record.brand === "soho");
    expect(soho.length).toBeGreaterThan(10);
    for (const record of soho) {
      expect(record.site?.site_description, record._id).not.toContain(`de ${record.name} en`);
      expect(record.site?.site_description, record._id).not.toMatch(/Noticias, historias y análisis de/);
    }
    expect(soho.find((record) => record._id === "/videos")?.site?.site_description).toBe("Videos, programas y entrevistas de SoHo.");
    expect(new Set(soho.map((record) => record.site?.site_description)).size).toBe(soho.length);
  });

  it("never says 'de Videos en' for a brand's video section", () => {
    for (const record of records) expect(record.site?.site_description, `${record.brand} ${record._id}`).not.toMatch(/de Videos( de [^ ]+)* en /);
    expect(records.find((record) => record.brand === "semana" && record._id === "/videos")?.site?.site_description).toBe(
      "Videos, programas y entrevistas de Semana.",
    );
  });

  it("reads as a sentence for every section of every brand: no word said twice, the section's name not poured into 'de … en …'", () => {
    const words = (text: string): string[] =>
      text
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .match(/[a-zñ]{4,}/g) ?? [];
    for (const record of records) {
      const description = record.site?.site_description ?? "";
      const said = words(description);
      const twice = said.filter((word, index) => said.indexOf(word) !== index);
      expect(twice, `${record.brand} ${record._id}: «${description}»`).toEqual([]);
      expect(description, `${record.brand} ${record._id}`).not.toContain(`de ${record.name} en `);
      expect(description, `${record.brand} ${record._id}`).toMatch(/^[¿A-ZÁÉÍÓÚÑ].*[.?]$/);
    }
    expect(records.find((record) => record.brand === "semana" && record._id === "/semana-tv/programas")?.site?.site_description).not.toMatch(/de Programas/);
  });
});
