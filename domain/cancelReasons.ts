// The one list of reasons a reader picks from when cancelling (docs/subscriptions-and-checkout.md#self-service):
// `GET /sales/public/v1/config` answers it as `cancelReasons` and the cancel page offers it, so the two
// never differ. The code goes to the server as `reasonCode`, the label (with the reader's words) as `reason`.
export interface CancelReason {
  code: string;
  label: string;
}

export const CANCEL_REASONS: ReadonlyArray<CancelReason> = [
  { code: "PRECIO", label: "El precio es muy alto" },
  { code: "POCO_USO", label: "No la uso lo suficiente" },
  { code: "CONTENIDO", label: "El contenido no es lo que esperaba" },
  { code: "PROBLEMAS_TECNICOS", label: "Tengo problemas técnicos con el sitio" },
  { code: "OTRO_MEDIO", label: "Me informo por otro medio" },
  { code: "OTRO", label: "Otro motivo" },
];
