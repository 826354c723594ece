// The settings form in Spanish: every string @rjsf/core can show, through its translateString, and
// its icon buttons drawn as buttons with a visible sign and a Spanish accessible name (rjsf's own draw
// a Bootstrap glyph, which the editor has no font for: an empty button named only by its title); the
// select of a value's kind gets its label.
import { replaceStringParameters, TranslatableString, type IconButtonProps, type MultiSchemaFieldTemplateProps, type TemplatesType } from "@rjsf/utils";

/** Each of rjsf's strings in Spanish; %1, %2 are its parameters. Record: a string added by an rjsf upgrade fails the type check. */
const SPANISH: Record<TranslatableString, string> = {
  [TranslatableString.ArrayItemTitle]: "Elemento",
  [TranslatableString.MissingItems]: "Falta la definición de los elementos",
  [TranslatableString.EmptyArray]: "Aún no hay elementos. Añada uno con el botón de abajo.",
  [TranslatableString.YesLabel]: "Sí",
  [TranslatableString.NoLabel]: "No",
  [TranslatableString.CloseLabel]: "Cerrar",
  [TranslatableString.ErrorsLabel]: "Problemas",
  [TranslatableString.NewStringDefault]: "Nuevo valor",
  [TranslatableString.AddButton]: "Añadir",
  [TranslatableString.AddItemButton]: "Añadir elemento",
  [TranslatableString.CopyButton]: "Copiar",
  [TranslatableString.ExpandButton]: "Expandir el ciclo",
  [TranslatableString.MoveDownButton]: "Bajar",
  [TranslatableString.MoveUpButton]: "Subir",
  [TranslatableString.RemoveButton]: "Quitar",
  [TranslatableString.NowLabel]: "Ahora",
  [TranslatableString.ClearLabel]: "Vaciar",
  [TranslatableString.AriaDateLabel]: "Elija una fecha",
  [TranslatableString.PreviewLabel]: "Vista previa",
  [TranslatableString.DecrementAriaLabel]: "Restar 1",
  [TranslatableString.IncrementAriaLabel]: "Sumar 1",
  [TranslatableString.OptionalObjectAdd]: "Añadir datos a este ajuste opcional",
  [TranslatableString.OptionalObjectRemove]: "Quitar los datos de este ajuste opcional",
  [TranslatableString.OptionalObjectEmptyMsg]: "Sin datos en este ajuste opcional",
  [TranslatableString.Type]: "Tipo",
  [TranslatableString.Value]: "Valor",
  [TranslatableString.ClearButton]: "Vaciar el campo",
  [TranslatableString.UnknownFieldType]: "Tipo de campo desconocido: %1",
  [TranslatableString.OptionPrefix]: "Opción %1",
  [TranslatableString.TitleOptionPrefix]: "%1: opción %2",
  [TranslatableString.KeyLabel]: "Clave de «%1»",
  [TranslatableString.DeprecatedLabel]: "%1 (obsoleto)",
  [TranslatableString.CycleDetected]: "Referencia circular ($ref) en el campo «%1». Puede expandirla hasta el siguiente corte del ciclo.",
  [TranslatableString.InvalidObjectField]: "Configuración no válida del campo de objeto «%1»: _%2_.",
  [TranslatableString.UnsupportedField]: "Esquema de campo no admitido.",
  [TranslatableString.UnsupportedFieldWithId]: "Esquema no admitido en el campo `%1`.",
  [TranslatableString.UnsupportedFieldWithReason]: "Esquema de campo no admitido: _%1_.",
  [TranslatableString.UnsupportedFieldWithIdAndReason]: "Esquema no admitido en el campo `%1`: _%2_.",
  [TranslatableString.FilesInfo]: "**%1** (%2, %3 bytes)",
};

/** The form's translateString (Form prop): rjsf's English never reaches the editor. */
export const translateSpanish = (text: TranslatableString, params?: string[]) => replaceStringParameters(SPANISH[text] ?? text, params);

/** A button with a visible sign (hidden from screen readers) and its Spanish name. */
function signButton(sign: string, name: TranslatableString, className: string) {
  return function SignButton({ registry, uiSchema: _uiSchema, iconType: _iconType, icon: _icon, className: extra, title, ...props }: IconButtonProps) {
    const label = title ?? registry.translateString(name);
    return (
      <button type="button" {...props} className={`${className} ${extra ?? ""}`.trim()} title={label} aria-label={label}>
        <span aria-hidden="true">{sign}</span>
      </button>
    );
  };
}

/** Add: in a list, an element; in a map, a key; the word shows as well as the sign. */
function AddButton({ registry, uiSchema: _uiSchema, iconType: _iconType, icon: _icon, className, ...props }: IconButtonProps) {
  const label = registry.translateString(className?.includes("array") ? TranslatableString.AddItemButton : TranslatableString.AddButton);
  return (
    <button type="button" {...props} className={`boton-anadir ${className ?? ""}`.trim()}>
      <span aria-hidden="true">+ </span>
      {label}
    </button>
  );
}

/**
 * A value that may be of several kinds (anyOf: a feed query's text, number or yes/no): rjsf's select of
 * the kind has no label inside a map, so it is wrapped in one ("Tipo").
 */
function MultiSchemaFieldTemplate({ selector, optionSchemaField, registry }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="varios-tipos">
      {selector && (
        <label className="tipo-de-valor">
          {registry.translateString(TranslatableString.Type)} {selector}
        </label>
      )}
      {optionSchemaField}
    </div>
  );
}

/** The form's templates in Spanish (Form's templates prop). */
export const SPANISH_TEMPLATES: Partial<TemplatesType> = {
  MultiSchemaFieldTemplate,
  ButtonTemplates: {
    // The form is never submitted: every change is checked by the server and saved from the toolbar.
    SubmitButton: () => null,
    AddButton,
    CopyButton: signButton("⧉", TranslatableString.CopyButton, "boton-icono"),
    MoveDownButton: signButton("↓", TranslatableString.MoveDownButton, "boton-icono"),
    MoveUpButton: signButton("↑", TranslatableString.MoveUpButton, "boton-icono"),
    RemoveButton: signButton("✕", TranslatableString.RemoveButton, "boton-icono"),
    ClearButton: signButton("✕", TranslatableString.ClearButton, "boton-icono"),
  },
};
