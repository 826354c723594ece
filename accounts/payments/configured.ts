// Which payment providers the service offers, from the settings.
import type { Logger } from "../../runtime/types";
import type { Database } from "../../platform/database";
import type { Settings } from "../../platform/settings";
import type { PaymentProvider } from "./provider";
import { TestPaymentProvider } from "./test-provider";

/**
 * The payment providers of the environment. The test provider moves no money: outside production
 * it is on unless PAYMENTS_TEST_PROVIDER=0; in production only with PAYMENTS_TEST_PROVIDER=1 (the
 * local quick start and the end-to-end tests set it), so readers of a real site never see it.
 */
export function paymentProviders(settings: Settings, db: Database, clock: () => number, logger: Logger): PaymentProvider[] {
  const production = settings.NODE_ENV === "production";
  const testProvider = production ? settings.PAYMENTS_TEST_PROVIDER === "1" : settings.PAYMENTS_TEST_PROVIDER !== "0";
  if (!testProvider) {
    logger.warn("pagos: no hay proveedor de pagos configurado; el pago en línea no está disponible (PAYMENTS_TEST_PROVIDER=1 activa el de pruebas)");
    return [];
  }
  if (production) logger.warn("pagos: el proveedor de pruebas TestPay está activo (PAYMENTS_TEST_PROVIDER=1): ningún pago mueve dinero real");
  return [new TestPaymentProvider(db, clock)];
}
