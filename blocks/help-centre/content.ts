// The help centre's texts (docs/help-centre.md#cards): the 8 category cards, their sub-cards and
// topics, and the personal-data help (docs/help-centre.md#personal-data-help). Card and sub-card ids
// are the spec's, 'accesso' included. The business facts come from domain/customerService.ts.
// Server side only: the block's server half sends the reader the part a page shows.
import { ELPAIS_CLASSIFIEDS } from "../../brands";
import {
  ACCEPTED_CARDS,
  ADDRESS_CHANGE_CUTOFF,
  APP_ARCHIVE_DAYS,
  ARCHIVE_HOURS,
  BACK_ISSUE_SALE_HOURS,
  BACK_ISSUES_SINCE_YEAR,
  BANK_CERTIFICATE_MAX_AGE_DAYS,
  CANCEL_DAYS_BEFORE_PERIOD_END,
  DELIVERY_CLAIM_CUTOFF,
  DIGITAL_DEVICE_LIMIT,
  listInSpanish,
  MIN_ANDROID_VERSION,
  MIN_IOS_VERSION,
  REFUND_CALENDAR_DAYS,
  WITHDRAWAL_BUSINESS_DAYS,
} from "../../domain/customerService";
import { OFFICE_HOURS } from "../../brands";
import { CUSTOMER_SERVICE_PATH } from "../../domain/pqrs";
import { TRANSFER_PAGE } from "../../domain/transfer";

/** Stands for the WhatsApp line of the block's settings in a topic's links. */
/** A sentence ending in one period: a text that closes on "p. m." or "a. m." has its period already. */
const sentence = (text: string) => (text.endsWith(".") ? text : `${text}.`);

export const WHATSAPP_LINE = "whatsapp:linea";
/** Stands for the WhatsApp news channel. */
export const WHATSAPP_CHANNEL = "whatsapp:canal";

export interface HelpLink {
  label: string;
  /** A path of the site, an https URL, or WHATSAPP_LINE / WHATSAPP_CHANNEL. */
  href: string;
}

export interface HelpTopic {
  heading: string;
  paragraphs: string[];
  /** A list after the paragraphs. */
  items?: string[];
  links?: HelpLink[];
}

/** A card or sub-card: its title and summary on the card, its topics once opened. */
export interface HelpEntry {
  id: string;
  title: string;
  summary: string;
  topics?: HelpTopic[];
  /** Opening it shows the PQRS form after its topics. */
  form?: "pqrs";
  /** Sub-cards; a card without them is "information only". */
  children?: HelpEntry[];
}

const CONTACT_FORM: HelpLink = { label: "Formulario de contacto", href: CUSTOMER_SERVICE_PATH };
const WHATSAPP: HelpLink = { label: "Escríbenos por WhatsApp", href: WHATSAPP_LINE };
const MY_SUBSCRIPTIONS: HelpLink = { label: "Mis suscripciones", href: "/autogestion/mis-suscripciones/" };
const cards = listInSpanish(ACCEPTED_CARDS);

/** The three topics of the personal-data help: cards of its own page and sub-cards of 'datos-personales'. */
export const PERSONAL_DATA: HelpEntry[] = [
  {
    id: "actualizacion-datos-personales",
    title: "Actualización de datos personales",
    summary: "Cambia tu nombre, teléfono, dirección o correo.",
    topics: [
      {
        heading: "Desde tu cuenta",
        paragraphs: [
          "Inicia sesión y abre «Mi perfil»: allí cambias tu nombre, tu teléfono y tus direcciones. Para cambiar el correo de la cuenta te pediremos tu contraseña y te enviaremos un enlace de confirmación a la nueva dirección.",
        ],
        links: [{ label: "Mi perfil", href: "/autogestion/perfil/" }],
      },
      {
        heading: "Si no puedes ingresar",
        paragraphs: [
          "Escríbenos desde el correo con el que te registraste, por el formulario de contacto o por WhatsApp, y dinos qué dato quieres actualizar. Por tu seguridad te pediremos confirmar que la cuenta es tuya.",
        ],
        links: [CONTACT_FORM, WHATSAPP],
      },
    ],
  },
  {
    id: "tratamiento-datos",
    title: "Tratamiento de datos",
    summary: "Para qué usamos tus datos y cuáles son tus derechos.",
    topics: [
      {
        heading: "Para qué usamos tus datos",
        paragraphs: [
          "Usamos los datos que nos entregas para gestionar tu cuenta y tu suscripción, entregarte el periódico o la revista, enviarte los correos que pediste y atender tus solicitudes. Solo te enviamos boletines y comunicaciones si los autorizaste.",
        ],
      },
      {
        heading: "Tus derechos",
        paragraphs: [
          "Puedes conocer, actualizar y rectificar tus datos, pedir prueba de tu autorización, saber qué uso les damos, revocar la autorización y pedir que los eliminemos cuando no exista un deber legal o contractual de conservarlos.",
        ],
        links: [
          { label: "Política de tratamiento de datos", href: "/politica-de-tratamiento-de-datos/" },
          { label: "Aviso de privacidad", href: "/aviso-de-privacidad/" },
        ],
      },
    ],
  },
  {
    id: "requerimientos-sobre-tratamiento-datos",
    title: "Requerimientos sobre el tratamiento de datos",
    summary: "Consultas, reclamos, copia de tus datos y eliminación de tu cuenta.",
    topics: [
      {
        heading: "Consultas y reclamos",
        paragraphs: [
          "Envía tu consulta o tu reclamo sobre el tratamiento de tus datos por el formulario de contacto o por WhatsApp, con tu nombre, el correo de tu cuenta y lo que pides. Te responderemos al correo que nos indiques.",
        ],
        links: [CONTACT_FORM, WHATSAPP],
      },
      {
        heading: "Copia de tus datos y eliminación de la cuenta",
        paragraphs: [
          "Con la sesión iniciada puedes descargar una copia de los datos de tu cuenta y pedir que la eliminemos desde «Datos personales». Al eliminarla, tus datos personales se anonimizan y tus suscripciones terminan.",
        ],
        links: [{ label: "Datos personales", href: "/autogestion/datos-/" }],
      },
    ],
  },
];

/** The 8 category cards of the help centre's home, in the spec's order. */
export const HELP_CARDS: HelpEntry[] = [
  {
    id: "datos-personales",
    title: "Datos personales",
    summary: "Actualiza tus datos y conoce cómo los tratamos.",
    children: PERSONAL_DATA,
  },
  {
    id: "suscripcion",
    title: "Suscripción",
    summary: "Renovaciones, cambios y tipos de suscripción.",
    children: [
      {
        id: "renovaciones",
        title: "Renovaciones",
        summary: "Cómo renovar y cómo funciona la renovación automática.",
        topics: [
          {
            heading: "¿Cómo renuevo mi suscripción?",
            paragraphs: [
              "No tienes que hacer nada: tu suscripción se renueva sola al terminar cada periodo. Si la cancelaste y quieres volver, suscríbete de nuevo desde la página de suscripciones.",
            ],
            links: [{ label: "Suscripciones", href: "/suscripciones/" }],
          },
          {
            heading: "¿Por qué la renovación es automática?",
            paragraphs: ["Para que no pierdas el acceso ni un día: el nuevo periodo empieza cuando termina el anterior, sin trámites."],
          },
          {
            heading: "¿Cómo funciona?",
            paragraphs: [
              "Al terminar el periodo cobramos la tarifa plena vigente en ese momento a la tarjeta con la que compraste, y te enviamos el recibo por correo. Si el cobro no pasa, te avisamos y lo intentamos de nuevo.",
              `Puedes cancelar la renovación hasta ${CANCEL_DAYS_BEFORE_PERIOD_END} días antes de que termine el periodo.`,
            ],
            links: [MY_SUBSCRIPTIONS],
          },
        ],
      },
      {
        id: "cambios-en-mi-suscripcion",
        title: "Cambios en mi suscripción",
        summary: "Cancelar la renovación automática, transferir la suscripción, cambiar la dirección.",
        topics: [
          {
            heading: "Cancelar la renovación automática",
            paragraphs: [
              `Puedes cancelarla desde «Mis suscripciones» hasta ${CANCEL_DAYS_BEFORE_PERIOD_END} días antes de que termine el periodo. La cancelación se hace efectiva al final del periodo: conservas el acceso hasta ese día y no se te cobra la renovación.`,
            ],
            links: [MY_SUBSCRIPTIONS],
          },
          {
            heading: "Transferir la suscripción",
            paragraphs: [
              "Tu suscripción se puede transferir a otra persona: en «Mis suscripciones», elige «Ceder a otra persona» y escribe el nombre y el correo de quien la recibirá. Te confirmamos la solicitud por correo con su número y la revisamos en un máximo de 3 días hábiles; mientras tanto conservas el acceso.",
            ],
            links: [{ label: "Ceder a otra persona", href: TRANSFER_PAGE }, CONTACT_FORM],
          },
          {
            heading: "Cambiar la dirección de entrega",
            paragraphs: [
              `Los cambios de dirección que recibamos en un día hábil antes de las ${ADDRESS_CHANGE_CUTOFF} se aplican de inmediato; los que lleguen después, o en fin de semana o festivo, desde el siguiente día hábil.`,
            ],
            links: [CONTACT_FORM, WHATSAPP],
          },
        ],
      },
      {
        id: "tipos-de-suscripciones",
        title: "Tipos de suscripciones",
        summary: "Cómo suscribirte, la seguridad del pago, impresa o digital.",
        topics: [
          {
            heading: "¿Cómo me suscribo?",
            paragraphs: [
              "Elige tu plan en la página de suscripciones, ingresa o crea tu cuenta y paga con tarjeta. El acceso queda activo en cuanto se aprueba el pago.",
            ],
            links: [{ label: "Suscripciones", href: "/suscripciones/" }],
          },
          {
            heading: "¿Es seguro pagar en línea?",
            paragraphs: [
              "Sí. El pago viaja cifrado a la pasarela de pagos y nunca guardamos el número completo de tu tarjeta: solo sus últimos cuatro dígitos, para que la reconozcas en tus recibos.",
            ],
          },
          {
            heading: "¿Impresa o digital?",
            paragraphs: [
              `La suscripción digital te da acceso ilimitado al sitio y a la aplicación en hasta ${DIGITAL_DEVICE_LIMIT} dispositivos. La impresa te lleva la edición en papel a tu casa o a tu oficina.`,
            ],
          },
        ],
      },
    ],
  },
  {
    id: "transacciones",
    title: "Transacciones",
    summary: "Devoluciones, facturación y medios de pago.",
    children: [
      {
        id: "devoluciones",
        title: "Devoluciones",
        summary: "Cuándo hay devolución, derecho de retracto y documentos.",
        topics: [
          {
            heading: "¿En qué casos hay devolución?",
            paragraphs: ["Solo en estos casos:"],
            items: [
              "Fallecimiento del suscriptor.",
              "Fallas repetidas del servicio, reportadas a tiempo.",
              "Cierre de la publicación.",
              "Derecho de retracto.",
              "Terminación anticipada: te devolvemos el saldo no consumido.",
            ],
          },
          {
            heading: "Derecho de retracto",
            paragraphs: [`Puedes retractarte de tu compra dentro de los ${WITHDRAWAL_BUSINESS_DAYS} días hábiles siguientes a ella.`],
          },
          {
            heading: "¿Qué documentos necesito?",
            paragraphs: [
              `Una certificación bancaria expedida hace no más de ${BANK_CERTIFICATE_MAX_AGE_DAYS} días por un banco colombiano, a nombre de quien pagó la suscripción.`,
              "Si la devolución es por fallecimiento del suscriptor, además el certificado de defunción y un documento que pruebe el parentesco.",
            ],
          },
          {
            heading: "¿Cuándo recibo el dinero?",
            paragraphs: [`Hacemos la devolución dentro de los ${REFUND_CALENDAR_DAYS} días calendario siguientes a la aprobación de tu solicitud.`],
            links: [CONTACT_FORM, WHATSAPP],
          },
        ],
      },
      {
        id: "facturacion",
        title: "Facturación",
        summary: "Copia o ajuste de tu factura.",
        topics: [
          {
            heading: "Copia de tu factura",
            paragraphs: ["Pídela por el formulario de contacto con el número de pedido: lo encuentras en el recibo que te enviamos por correo."],
            links: [CONTACT_FORM],
          },
          {
            heading: "Ajustes a la factura",
            paragraphs: ["Si algún dato de la factura está mal (nombre, documento o dirección), escríbenos con el número de pedido y el dato correcto."],
            links: [CONTACT_FORM, WHATSAPP],
          },
        ],
      },
      {
        id: "medios-de-pago",
        title: "Medios de pago",
        summary: "Tarjetas aceptadas y cambio de tarjeta.",
        topics: [
          {
            heading: "Tarjetas aceptadas",
            paragraphs: [`Solo aceptamos las tarjetas ${cards}.`],
          },
          {
            heading: "Cambiar la tarjeta de la renovación",
            paragraphs: ["La renovación se cobra a la tarjeta con la que compraste. Para usar otra, actualízala en «Mis suscripciones»."],
            links: [MY_SUBSCRIPTIONS],
          },
        ],
      },
    ],
  },
  {
    id: "entrega-periodico",
    title: "Entrega del periódico",
    summary: "Reclamos por la entrega de la edición impresa.",
    topics: [
      {
        heading: "Si no recibiste el periódico",
        paragraphs: [
          "Repórtalo el mismo día de la entrega.",
          `Los reclamos que recibamos antes de las ${DELIVERY_CLAIM_CUTOFF} se resuelven ese mismo día; los que lleguen después, el siguiente día hábil.`,
        ],
      },
      {
        heading: "Cómo reportarlo",
        paragraphs: ["Escríbenos por WhatsApp o por el formulario de contacto con tu nombre y la dirección de entrega."],
        links: [WHATSAPP, CONTACT_FORM],
      },
    ],
  },
  {
    id: "soporte-tecnico",
    title: "Soporte técnico",
    summary: "Ingreso a tu suscripción digital, aplicaciones y ediciones digitales.",
    children: [
      {
        id: "accesso-a-mi-suscripcion-digital",
        title: "Acceso a mi suscripción digital",
        summary: "Cómo ingresar, en cuántos dispositivos y con qué aplicaciones.",
        topics: [
          {
            heading: "¿Cómo ingreso?",
            paragraphs: ["Usa «Iniciar sesión», en la parte superior de la página, con el correo y la contraseña de la cuenta con la que te suscribiste."],
          },
          {
            heading: "¿En cuántos dispositivos?",
            paragraphs: [
              `Tu suscripción digital funciona en hasta ${DIGITAL_DEVICE_LIMIT} dispositivos. Si ya tienes ${DIGITAL_DEVICE_LIMIT} con la sesión iniciada, cierra la sesión en uno de ellos para ingresar en otro.`,
            ],
          },
          {
            heading: "Aplicaciones",
            paragraphs: [
              `La aplicación funciona en Android ${MIN_ANDROID_VERSION} o superior y en iOS ${MIN_IOS_VERSION} o superior. Ingresa con la misma cuenta que usas en el sitio.`,
            ],
          },
        ],
      },
      {
        id: "accesso-a-mi-contenido",
        title: "Acceso a mi contenido",
        summary: "Si no puedes ingresar o no ves tu contenido.",
        topics: [
          {
            heading: "No puedo ingresar",
            paragraphs: [
              "Revisa que el correo esté bien escrito. Si no recuerdas la contraseña, usa «¿Olvidaste tu contraseña?» y te enviaremos un enlace para crear una nueva, o pide un enlace para ingresar sin contraseña.",
            ],
          },
          {
            heading: "Ingresé, pero el contenido sigue bloqueado",
            paragraphs: [
              "Revisa en «Mis suscripciones» que tu suscripción esté activa y que ingresaste con la cuenta con la que la compraste. Si todo está bien, cierra la sesión, vuelve a ingresar y escríbenos si el problema sigue.",
            ],
            links: [MY_SUBSCRIPTIONS, WHATSAPP],
          },
        ],
      },
      {
        id: "ediciones-impresas-en-formato-digital",
        title: "Ediciones impresas en formato digital",
        summary: "La edición impresa en la aplicación y las ediciones anteriores.",
        topics: [
          {
            heading: "La edición impresa, en digital",
            paragraphs: [
              `En la aplicación lees la réplica de la edición impresa. La aplicación guarda las ediciones anteriores durante ${APP_ARCHIVE_DAYS} días.`,
            ],
          },
          {
            heading: "Ediciones anteriores",
            paragraphs: ["Las portadas y el contenido de las ediciones anteriores están en el archivo de ediciones impresas."],
            links: [{ label: "Ediciones impresas", href: "/edicion/" }],
          },
        ],
      },
    ],
  },
  {
    id: "contenido-editorial",
    title: "Contenido editorial",
    summary: "Opiniones, peticiones y rectificaciones.",
    children: [
      {
        id: "opiniones",
        title: "Opiniones",
        summary: "Tu opinión sobre lo que publicamos.",
        topics: [
          {
            heading: "Envíanos tu opinión",
            paragraphs: ["Escríbenos con el enlace de la publicación y tu comentario. Lo leen los editores de la sección."],
            links: [CONTACT_FORM],
          },
        ],
      },
      {
        id: "peticiones",
        title: "Peticiones",
        summary: "Temas, denuncias e historias para la redacción.",
        topics: [
          {
            heading: "Propón un tema",
            paragraphs: ["Cuéntanos la historia, quiénes están involucrados y cómo contactarte. Si envías documentos o fotos, di de dónde vienen."],
            links: [CONTACT_FORM, WHATSAPP],
          },
        ],
      },
      {
        id: "rectificaciones",
        title: "Rectificaciones",
        summary: "Si una publicación tiene información inexacta sobre ti.",
        topics: [
          {
            heading: "Pide una rectificación",
            paragraphs: [
              "Envíanos el enlace de la publicación, qué información es inexacta y los soportes que lo demuestran. La redacción revisa cada solicitud y, si procede, publica la rectificación.",
            ],
            links: [CONTACT_FORM],
          },
        ],
      },
    ],
  },
  {
    id: "clasificados",
    title: "Clasificados",
    summary: "Avisos, oficinas, puntos de venta, portales y avisos legales.",
    children: [
      {
        id: "publicar-un-aviso",
        title: "Publicar un aviso",
        summary: "Cómo publicar un aviso clasificado.",
        topics: [
          {
            heading: "Publica tu aviso",
            paragraphs: [
              "Publica tu aviso en línea en nuestros portales de clasificados o escríbenos por WhatsApp con el texto, la sección y las fechas en que quieres que aparezca.",
            ],
            links: [WHATSAPP],
          },
        ],
      },
      {
        id: "oficinas",
        title: "Oficinas",
        summary: "Atención presencial de clasificados.",
        topics: [
          {
            heading: "Horario",
            paragraphs: [sentence(`En nuestras oficinas te atendemos de ${OFFICE_HOURS.charAt(0).toLowerCase()}${OFFICE_HOURS.slice(1)}`)],
          },
        ],
      },
      {
        id: "puntos-de-venta",
        title: "Puntos de venta",
        summary: "Dónde pagar y entregar tu aviso.",
        topics: [
          {
            heading: "Puntos de venta autorizados",
            paragraphs: ["Puedes entregar y pagar tu aviso en los puntos de venta autorizados. Pregúntanos por WhatsApp cuál te queda más cerca."],
            links: [WHATSAPP],
          },
        ],
      },
      {
        id: "portales-de-clasificados",
        title: "Portales de clasificados",
        summary: "Avisos, empleos e inmuebles en línea.",
        topics: [
          {
            heading: "Nuestros portales",
            paragraphs: ["Busca y publica avisos en nuestros portales de clasificados:"],
            links: ELPAIS_CLASSIFIEDS.filter((item) => item.isExternalLink && item.link).map((item) => ({ label: item.title, href: item.link! })),
          },
        ],
      },
      {
        id: "avisos-legales",
        title: "Avisos legales",
        summary: "Edictos, emplazamientos y otras publicaciones legales.",
        topics: [
          {
            heading: "Publica un aviso legal",
            paragraphs: [
              "Envíanos el texto del aviso y el documento que ordena publicarlo. Te confirmamos el valor y la fecha de publicación antes de publicarlo.",
            ],
            links: [CONTACT_FORM, WHATSAPP],
          },
        ],
      },
    ],
  },
  {
    id: "pqrs",
    title: "PQRS",
    summary: "Peticiones, quejas, reclamos y sugerencias; publicidad, archivo y empleo.",
    children: [
      {
        id: "canal-de-whatsapp",
        title: "Canal de noticias en WhatsApp",
        summary: "Recibe nuestras noticias en WhatsApp.",
        topics: [
          {
            heading: "Únete a nuestro canal",
            paragraphs: ["Recibe las noticias más importantes del día en WhatsApp: únete a nuestro canal."],
            links: [{ label: "Canal de WhatsApp", href: WHATSAPP_CHANNEL }],
          },
        ],
      },
      {
        id: "publicidad",
        title: "Publicidad",
        summary: "Pauta en nuestras marcas.",
        topics: [
          {
            heading: "Paute con nosotros",
            paragraphs: ["Conoce nuestras audiencias y formatos, y escríbele a nuestro equipo comercial."],
            links: [{ label: "Paute con nosotros", href: "/paute-con-nosotros/" }],
          },
        ],
      },
      {
        id: "archivo",
        title: "Archivo",
        summary: "Ejemplares de ediciones anteriores.",
        topics: [
          {
            heading: "Ediciones anteriores",
            paragraphs: [`Vendemos ejemplares de ediciones anteriores desde ${BACK_ISSUES_SINCE_YEAR}.`],
            items: [sentence(`Atención del archivo: ${ARCHIVE_HOURS}`), sentence(`Venta de ejemplares: ${BACK_ISSUE_SALE_HOURS}`)],
          },
        ],
      },
      {
        id: "trabaje-con-nosotros",
        title: "Trabaje con nosotros",
        summary: "Envía tu hoja de vida.",
        topics: [
          {
            heading: "Convocatorias",
            paragraphs: ["Conoce las vacantes abiertas y cómo enviarnos tu hoja de vida."],
            links: [{ label: "Trabaje con nosotros", href: "/trabaje-con-nosotros/" }],
          },
        ],
      },
      {
        id: "peticiones-quejas-y-reclamos",
        title: "Peticiones, quejas y reclamos",
        summary: "Radica tu petición, queja, reclamo o sugerencia.",
        topics: [
          {
            heading: "Radica tu solicitud",
            paragraphs: [
              "Llena el formulario: te enviaremos a tu correo el número de radicado de tu solicitud, con el que puedes preguntar por ella, y te responderemos a ese mismo correo.",
            ],
          },
        ],
        form: "pqrs",
      },
    ],
  },
];
