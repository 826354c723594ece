// All topics by id, plus the paragraphs any topic can use and the templates of opinion columns,
// videos and galleries.
import { LIFE_TOPICS } from "./topics-life";
import { NEWS_TOPICS, type Topic } from "./topics-news";

export type { TableSpec, Topic } from "./topics-news";

export const TOPICS: Record<string, Topic> = Object.fromEntries([...NEWS_TOPICS, ...LIFE_TOPICS].map((topic) => [topic.id, topic]));

export function topic(id: string): Topic {
  const found = TOPICS[id];
  if (!found) throw new Error(`Tema desconocido en el generador del corpus: ${id}`);
  return found;
}

/** Paragraphs that fit any story of the register (they use only shared slots and {persona}, {institucion}, {tema}). */
export const SHARED_PARAGRAPHS: Record<Topic["register"], string[]> = {
  news: [
    "Según explicaron {fuente} a {medio}, la discusión sobre {tema} se viene dando desde hace varias semanas y no se descarta que {plazo} se conozcan nuevas decisiones.",
    "El anuncio generó reacciones inmediatas en redes sociales, donde usuarios de {ciudad} y de otras regiones del país cuestionaron el alcance de la medida y pidieron más claridad.",
    "{persona} insistió en que el propósito es ofrecer soluciones concretas y no quedarse en los anuncios. “Hay que pasar del diagnóstico a la acción”, dijo.",
    "Por ahora, {institucion} no ha entregado un balance definitivo, pero sí confirmó que el seguimiento continuará {plazo}.",
    "La cifra contrasta con la de años anteriores, cuando el comportamiento fue más moderado y las autoridades no tuvieron que intervenir.",
    "Mientras tanto, en {ciudad} ya se preparan para lo que viene. Comerciantes, líderes comunitarios y autoridades locales coinciden en que el reto es grande.",
    "{medio} conoció que el tema será revisado {dia} en una reunión a la que asistirán representantes de {institucion} y de otras entidades.",
    "No es la primera vez que el asunto llega a la agenda pública. {momento} hubo advertencias similares que, según los críticos, no fueron atendidas a tiempo.",
    "Lo cierto es que {tema} seguirá dando de qué hablar. Por ahora, la atención está puesta en lo que decida {institucion}.",
    "Expertos consultados advierten que el impacto real solo podrá medirse en el mediano plazo y que será clave hacer seguimiento a los indicadores.",
  ],
  lifestyle: [
    "La tendencia ya se ve en las calles de {ciudad} y en las redes sociales, donde miles de usuarios comparten sus propias versiones.",
    "Los expertos coinciden en que no se trata de seguir reglas al pie de la letra, sino de encontrar lo que mejor funciona para cada persona.",
    "{persona} lo resume así: “Lo importante es disfrutar el proceso y no compararse con nadie”.",
    "Antes de empezar, vale la pena consultar a un profesional y tener en cuenta las necesidades particulares de cada caso.",
    "En {medio} consultamos a especialistas para entender de dónde viene el fenómeno y por qué ha ganado tantos seguidores {momento}.",
    "La clave, dicen, está en la constancia: pequeños cambios sostenidos en el tiempo tienen más efecto que las transformaciones radicales.",
  ],
};

/** Ways into a paragraph that is not the lead ("Además, la ..."): only before a common first word. */
export const CONNECTORS: Record<Topic["register"], string[]> = {
  news: ["Además,", "Por otro lado,", "En ese sentido,", "Entretanto,", "Asimismo,", "Sin embargo,", "De hecho,", "Vale la pena recordar que"],
  lifestyle: ["Además,", "Eso sí,", "Por eso,", "De hecho,", "En todo caso,", "Vale la pena recordar que"],
};
export const CONNECTABLE_FIRST_WORDS = [
  "El",
  "La",
  "Los",
  "Las",
  "Según",
  "En",
  "Para",
  "Por",
  "No",
  "Mientras",
  "De",
  "Lo",
  "Un",
  "Una",
  "Cada",
  "Con",
  "Hoy",
  "Antes",
  "Todo",
];

/** Sentences that can close a paragraph, so the same paragraph reads differently from one story to the next. */
export const CLOSING_SENTENCES: Record<Topic["register"], string[]> = {
  news: [
    "La información fue confirmada a {medio} por {fuente}.",
    "Se espera que haya novedades {plazo}.",
    "El tema también se discutió {dia} en {ciudad2}.",
    "Las cifras oficiales se conocerán {plazo}.",
    "Hasta el cierre de esta edición, {institucion} no se había pronunciado.",
    "La situación es seguida de cerca en {ciudad2} y en otras capitales del país.",
    "Así lo confirmaron {fuente}.",
    "El asunto volverá a la agenda {dia}.",
  ],
  lifestyle: [
    "Así lo explican los especialistas consultados por {medio}.",
    "Un consejo que vale la pena tener en cuenta.",
    "En {ciudad2}, la tendencia ya tiene seguidores fieles.",
    "La recomendación es no dejarlo para después.",
    "Los resultados, aseguran, se notan en pocas semanas.",
  ],
};

/** Opinion columns: an analytical register for news sections and a personal one for the magazines. */
export const COLUMN_TEMPLATES = {
  analysis: {
    headlines: [
      "{tema}: la hora de la verdad",
      "Lo que nadie quiere decir sobre {tema}",
      "Carta abierta a {institucion}",
      "El país que no vemos",
      "¿Y ahora qué?",
      "Las cuentas no cuadran",
      "Una oportunidad que no podemos perder",
      "El silencio también es una decisión",
      "Lecciones de {ciudad}",
      "Entre el ruido y los hechos",
      "El costo de no decidir",
      "{tema} y la trampa de la polarización",
      "Lo que {institucion} no quiere ver",
      "Señales de alarma",
      "Una pregunta para {institucion}",
      "El país de las promesas",
      "Memoria corta",
      "{tema}: ¿quién responde?",
      "Lo urgente y lo importante",
      "Crónica de una crisis anunciada",
    ],
    openings: [
      "Escribo esta columna con una mezcla de preocupación y esperanza. Preocupación, porque {tema} se ha convertido en un campo de batalla donde nadie escucha; esperanza, porque todavía estamos a tiempo de corregir el rumbo.",
      "Hace unos días, en {ciudad}, un lector me detuvo en la calle para preguntarme qué va a pasar. Le respondí con honestidad: nadie lo sabe, y eso es precisamente lo grave.",
    ],
    paragraphs: [
      "Durante años nos dijeron que el problema era de recursos. Hoy sabemos que es, sobre todo, de voluntad. {institucion} tiene las herramientas, pero le falta decisión.",
      "No se trata de estar a favor o en contra del Gobierno de turno. Se trata de exigir resultados, de pedir cuentas y de no normalizar lo que no es normal.",
      "Los datos son tozudos. Las cifras de {momento} muestran una tendencia que debería encender todas las alarmas, aunque algunos prefieran mirar para otro lado.",
      "Hay una lección que el país no termina de aprender: las soluciones rápidas suelen salir caras. Lo que necesitamos son políticas de largo plazo, construidas con rigor técnico.",
      "Me dirán que exagero. Ojalá así sea. Pero quienes recorren las regiones saben que la realidad es más dura de lo que se ve desde los escritorios de Bogotá.",
    ],
    closings: [
      "Colombia ha demostrado que puede salir adelante en los momentos más difíciles. Lo hizo antes y puede volver a hacerlo, si dejamos de lado la polarización.",
      "La historia juzgará a quienes hoy tienen el poder de decidir. Y no será benevolente con quienes, pudiendo actuar, prefirieron la comodidad del silencio.",
      "Termino con una pregunta que dejo abierta: ¿estamos dispuestos a ceder algo para construir acuerdos, o seguiremos atrincherados en nuestras propias certezas?",
    ],
  },
  personal: {
    headlines: [
      "Lo que aprendí de {tema}",
      "Elogio de la pausa",
      "Carta a mi yo de veinte años",
      "Sobre {tema} y otras obsesiones",
      "La trampa de la perfección",
      "Volver a empezar",
      "Confesiones desde {ciudad}",
      "Nadie habla de esto",
      "El arte de decir que no",
      "Instrucciones para no olvidar",
    ],
    openings: [
      "Hace poco me preguntaron cuál había sido la decisión más difícil de mi vida. No supe responder de inmediato, y esa duda me acompañó durante días.",
      "Crecí en {ciudad}, en una casa donde las conversaciones importantes se tenían en la cocina. Allí aprendí que escuchar es más difícil que hablar.",
    ],
    paragraphs: [
      "Las redes sociales nos venden vidas perfectas, pero la realidad es otra: todos estamos improvisando, todos tenemos días malos.",
      "Con los años he entendido que cuidarse no es un lujo ni un capricho. Es una forma de respeto hacia uno mismo y hacia los demás.",
      "Me reí cuando leí los comentarios de mi última columna. Algunos me daban la razón; otros, con menos cariño, me invitaban a dedicarme a otra cosa.",
      "Quizás la clave esté en bajar el ritmo. En permitirnos no saber, en aceptar que no todo tiene que resolverse hoy.",
      "Pienso en {tema} cada vez que alguien me dice que no hay tiempo. Siempre hay tiempo para lo que de verdad nos importa.",
    ],
    closings: [
      "Así que esta semana les propongo un ejercicio sencillo: apaguen el celular una hora al día y miren qué pasa.",
      "No tengo todas las respuestas, pero sí la certeza de que vale la pena seguir haciéndonos preguntas.",
    ],
  },
} as const;

export const GALLERY_TEMPLATES = {
  headlines: ["En fotos: {titulo}", "Las imágenes de {titulo}", "Galería: {titulo}", "{titulo}, en imágenes", "Así se vivió {titulo}"],
  subjects: {
    actualidad: [
      "la jornada de protestas en Bogotá",
      "la emergencia invernal en {departamento}",
      "la posesión de los nuevos alcaldes",
      "el desfile del 20 de julio",
      "la visita del papa a {ciudad}",
    ],
    deportes: [
      "la celebración de la Selección Colombia",
      "la final de la Liga BetPlay",
      "la Vuelta a Colombia",
      "el maratón de {ciudad}",
      "los Juegos Nacionales",
    ],
    entretenimiento: [
      "la alfombra roja de los premios India Catalina",
      "el concierto de Karol G en {ciudad}",
      "el Carnaval de Barranquilla",
      "la Feria de las Flores",
      "Estéreo Picnic",
    ],
    moda: ["Colombiamoda", "Bogotá Fashion Week", "los mejores looks de la semana", "la gala del Met", "las tendencias de la temporada"],
    naturaleza: [
      "las aves de {region}",
      "los páramos de Colombia",
      "Caño Cristales",
      "el avistamiento de ballenas en el Pacífico",
      "los atardeceres de La Guajira",
    ],
    viajes: ["los pueblos patrimonio de Colombia", "las playas de San Andrés", "Villa de Leyva", "el Eje Cafetero", "Cartagena de noche"],
    foros: [
      "el foro sobre el futuro de la energía",
      "el encuentro de líderes regionales",
      "el foro de educación superior",
      "la cumbre de turismo",
      "el foro de seguridad alimentaria",
    ],
  },
  captions: [
    "Una imagen que resume la jornada en {ciudad}.",
    "Cientos de personas se reunieron desde temprano.",
    "El momento más emotivo del día.",
    "Los detalles que no se vieron en televisión.",
    "La emoción se tomó las calles.",
    "Así lucía el lugar antes del evento.",
    "Los protagonistas posaron para las cámaras.",
    "Una escena que quedará en la memoria.",
    "El público acompañó de principio a fin.",
    "La caída de la tarde dejó postales inolvidables.",
  ],
  subtitles: ["Foto 1 de la serie", "Detalle", "Panorámica", "Retrato", "Ambiente"],
};

/** Headlines of print-edition covers (the subject of each issue). */
export const EDITION_COVERS = [
  "El país que viene",
  "La guerra por la tierra",
  "Los dueños del poder",
  "La crisis de la salud",
  "Así nos ven en el mundo",
  "El año que cambió todo",
  "La generación que no se rinde",
  "Los secretos del Congreso",
  "¿Para dónde va la economía?",
  "La Colombia rural",
  "Los nuevos ricos",
  "El precio de la paz",
  "Las mujeres que mandan",
  "La revolución digital",
  "El agua, el nuevo oro",
  "Los 100 líderes del país",
  "La educación que necesitamos",
  "Crónica de una elección",
];
