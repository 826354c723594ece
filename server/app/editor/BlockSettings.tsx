// The selected block's settings form in the editor: generated from the block's schema.json by
// @rjsf/core, never filling in a value the editor did not set, checked by the server's validator
// only, whose problems land on their fields.
// The Form itself: the package index also loads its test registry, which needs a validator we do not ship.
import Form from "@rjsf/core/lib/components/Form.js";
import CheckboxWidget from "@rjsf/core/lib/components/widgets/CheckboxWidget.js";
import type { ReactNode } from "react";
import type { ErrorSchema, Experimental_DefaultFormStateBehavior, UiSchema, ValidatorType, WidgetProps } from "@rjsf/utils";
import type { Block, Problem, Schemas } from "./page-data";
import type { ChangePage } from "./page-history";
import { ColombianDateTimeWidget } from "./colombian-time";
import { SPANISH_TEMPLATES, translateSpanish } from "./form-spanish";
import { referenceUi, type PickerContext } from "./ReferencePicker";

/**
 * The forms are checked by the project's own validator on the server (tooling/page-files.ts, the same
 * problems as npm run validate:pages), not in the browser: the page's Content-Security-Policy has no
 * 'unsafe-eval' for a schema compiler, and one validator means one set of messages.
 */
const serverValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

/**
 * The form never writes a value the editor did not set: no defaults, consts or array items filled in
 * (a default written into the file would change it where nobody edited, and an empty value filled
 * in by the form could be one the validator refuses, which holds the preview back). Defaults are
 * shown as the fields' placeholders instead (uiFor), and by the checkboxes (CheckboxShowingDefault).
 */
const NO_FILLED_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: "skipDefaults",
  constAsDefaults: "never",
  arrayMinItems: { populate: "never" },
  requiredBooleanDefault: "skip",
  allOf: "skipDefaults",
};

/** Each setting's default as its placeholder ("Por defecto: 5"), nested objects included; a picker for a setting that names content. */
function uiFor(schema: any): UiSchema {
  const ui: UiSchema = {};
  for (const [name, property] of Object.entries<any>(schema?.properties ?? {})) {
    const own: UiSchema = { ...(property?.type === "object" ? uiFor(property) : {}), ...referenceUi(property) };
    if (property && property.default !== undefined && property.type !== "object" && property.type !== "array") {
      own["ui:placeholder"] = `Por defecto: ${typeof property.default === "string" ? property.default : JSON.stringify(property.default)}`;
    }
    if (Object.keys(own).length) ui[name] = own;
  }
  return ui;
}

/**
 * A setting on by default shows checked while it is not in the file (the form fills in no
 * defaults); unchecking it writes false, checking it again takes it out of the file, as emptying
 * a field does, so the block's default applies.
 */
function CheckboxShowingDefault(props: WidgetProps) {
  if (props.schema.default !== true) return <CheckboxWidget {...props} />;
  return <CheckboxWidget {...props} value={props.value ?? true} onChange={(checked: boolean) => props.onChange(checked ? undefined : false)} />;
}
// Date-times (publishFrom, publishUntil) on Colombia's clock, written with -05:00.
const WIDGETS = { CheckboxWidget: CheckboxShowingDefault, DateTimeWidget: ColombianDateTimeWidget };

/** The validator's problems of one block's settings as the form library's error tree. */
function errorsFor(problems: Problem[], prefix: string): ErrorSchema {
  const tree: any = {};
  for (const problem of problems) {
    if (!problem.pointer.startsWith(`${prefix}/`) && problem.pointer !== prefix) continue;
    const segments = problem.pointer.slice(prefix.length).split("/").filter(Boolean);
    let node = tree;
    for (const segment of segments) node = node[segment] ??= {};
    (node.__errors ??= []).push(problem.message + (problem.value === undefined ? "" : ` (${JSON.stringify(problem.value)})`));
  }
  return tree;
}

/** Offers the known content sources for every setting that names one ("refersTo": "source"). */
function withSources(schema: any, sources: string[]): any {
  if (!schema || typeof schema !== "object") return schema;
  if (Array.isArray(schema)) return schema.map((item) => withSources(item, sources));
  const out: any = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, any>).map(([name, property]) => [
          name,
          property?.refersTo === "source" && property.type === "string" && !property.enum ? { ...property, enum: sources } : withSources(property, sources),
        ]),
      );
    } else out[key] = withSources(value, sources);
  }
  return out;
}

export function BlockSettings({
  selectedBlock,
  current,
  typeSchema,
  schemas,
  problems,
  change,
  brand,
  pageSettings,
}: {
  selectedBlock: Block | null;
  current: { region: string; index: number } | null;
  typeSchema: Schemas["blocks"][number] | undefined;
  schemas: Schemas;
  problems: Problem[];
  change: ChangePage;
  /** The page's brand: the pickers offer its content. */
  brand?: string;
  /** What the column shows while no block is selected: the page's own settings. */
  pageSettings?: ReactNode;
}) {
  return (
    <section className="editor-formulario" aria-label="Ajustes del bloque">
      {selectedBlock && current && typeSchema ? (
        <>
          <h2>
            {selectedBlock.id} <code>{selectedBlock.type}</code>
          </h2>
          <p className="nota">{typeSchema.description}</p>
          <Form
            key={selectedBlock.id}
            schema={withSources(typeSchema.schema, schemas.sources)}
            uiSchema={uiFor(typeSchema.schema)}
            formData={selectedBlock.settings ?? {}}
            experimental_defaultFormStateBehavior={NO_FILLED_DEFAULTS}
            widgets={WIDGETS}
            templates={SPANISH_TEMPLATES}
            translateString={translateSpanish}
            validator={serverValidator}
            formContext={{ brand } satisfies PickerContext}
            extraErrors={errorsFor(problems, `/regions/${current.region}/${current.index}/settings`)}
            showErrorList={false}
            noHtml5Validate
            idPrefix={`ajustes-${selectedBlock.id}`}
            onChange={({ formData }) =>
              change((draft) => {
                const at = draft.regions[current.region][current.index];
                at.settings = formData;
              })
            }
          >
            <></>
          </Form>
        </>
      ) : (
        <>
          <h2>Ajustes de la página</h2>
          <p className="nota">Elija un bloque para ver sus ajustes.</p>
          {pageSettings}
        </>
      )}
    </section>
  );
}
