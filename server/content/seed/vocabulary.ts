// Shared vocabulary of the seed corpus: people (fictional), places, institutions, figures and the
// turns of phrase every topic can use. People are invented; places and institutions are real.
import type { Random } from "./random";

export const FIRST_NAMES_M = [
  "Andrés Felipe", "Juan Sebastián", "Carlos Andrés", "Santiago", "Julián", "Diego", "Felipe", "Mauricio", "Sergio",
  "Camilo", "Óscar", "Jorge Enrique", "Esteban", "Ricardo", "Hernán", "Luis Fernando", "Alejandro", "Nicolás",
  "Daniel", "Gustavo Adolfo", "Fabio", "Germán", "Iván Darío", "Jaime", "Rodrigo", "Mateo", "Simón", "Álvaro",
];
export const FIRST_NAMES_F = [
  "María Camila", "Laura Valentina", "Daniela", "Natalia", "Paola", "Alejandra", "Catalina", "Juliana", "Adriana",
  "Manuela", "Lina María", "Ángela", "Verónica", "Mónica", "Luisa Fernanda", "Carolina", "Diana Marcela", "Isabel",
  "Sara", "Marcela", "Paula Andrea", "Gloria Inés", "Liliana", "Tatiana", "Viviana", "Ana María", "Claudia", "Sofía",
];
export const SURNAMES = [
  "Rodríguez", "Gómez", "Martínez", "Restrepo", "Ospina", "Castaño", "Vargas", "Londoño", "Cárdenas", "Mejía",
  "Zuluaga", "Rincón", "Salazar", "Pardo", "Arango", "Velásquez", "Quintero", "Cifuentes", "Bermúdez", "Echeverri",
  "Patiño", "Ramírez", "Herrera", "Moreno", "Sánchez", "Torres", "Jaramillo", "Montoya", "Henao", "Giraldo",
  "Acosta", "Palacios", "Mosquera", "Caicedo", "Lozano", "Suárez", "Ortiz", "Prieto", "Gallego", "Hoyos",
  "Rivas", "Camacho", "Barrios", "Cuéllar", "Villamizar", "Peñaloza", "Arboleda", "Uribe Toro", "Escobar", "Nieto",
];

export type Gender = "m" | "f";

export function personName(r: Random, gender: Gender = r.chance(0.5) ? "m" : "f"): { name: string; gender: Gender } {
  const first = r.pick(gender === "m" ? FIRST_NAMES_M : FIRST_NAMES_F);
  const surnames = r.sample(SURNAMES, 2);
  const name = r.chance(0.6) ? `${first} ${surnames[0]}` : `${first.split(" ")[0]} ${surnames[0]} ${surnames[1]}`;
  return { name, gender };
}

/** A pool value: a fixed list, or a function that makes a fresh value. */
export type Pool = readonly string[] | ((r: Random) => string);
export type Pools = Record<string, Pool>;

/** "el senador Andrés Felipe Ospina" / "la senadora Paola Cárdenas": role and name agree in gender. */
export function personWithRole(roles: ReadonlyArray<readonly [string, string]>): (r: Random) => string {
  return (r) => {
    const { name, gender } = personName(r);
    const [masculine, feminine] = r.pick(roles);
    return `${gender === "m" ? masculine : feminine} ${name}`;
  };
}

const formatter = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 1 });
export const formatNumber = (n: number) => formatter.format(n);

export const CITIES = [
  "Bogotá", "Medellín", "Cali", "Barranquilla", "Cartagena", "Bucaramanga", "Pereira", "Manizales", "Santa Marta",
  "Cúcuta", "Ibagué", "Villavicencio", "Pasto", "Neiva", "Armenia", "Montería", "Popayán", "Tunja", "Valledupar",
  "Sincelejo", "Riohacha", "Quibdó", "Leticia", "Yopal", "Florencia",
];
export const MAIN_CITIES = ["Bogotá", "Medellín", "Cali", "Barranquilla", "Cartagena", "Bucaramanga"];
export const VALLE_TOWNS = ["Palmira", "Buenaventura", "Tuluá", "Jamundí", "Yumbo", "Cartago", "Buga", "Candelaria", "Florida", "Sevilla", "Zarzal", "Roldanillo"];
export const CALI_PLACES = [
  "el barrio San Antonio", "Siloé", "la comuna 15", "el oriente de la ciudad", "el bulevar del río", "Ciudad Jardín",
  "el barrio Granada", "Aguablanca", "la avenida Roosevelt", "el sector de La Buitrera", "la autopista Simón Bolívar",
];
export const REGIONS = [
  "el Caribe", "el Pacífico", "el Eje Cafetero", "los Llanos Orientales", "la Amazonía", "el Catatumbo", "el norte del Cauca",
  "el sur de Bolívar", "el Magdalena Medio", "el Urabá antioqueño", "La Guajira", "el bajo Cauca antioqueño", "el altiplano cundiboyacense",
];
export const DEPARTMENTS = [
  "Antioquia", "Valle del Cauca", "Atlántico", "Bolívar", "Santander", "Cundinamarca", "Nariño", "Cauca", "Huila", "Tolima",
  "Meta", "Boyacá", "Córdoba", "Caldas", "Risaralda", "Quindío", "Norte de Santander", "Magdalena", "Cesar", "Chocó",
  "Putumayo", "Caquetá", "Arauca", "Casanare", "Sucre",
];
export const COUNTRIES = [
  "Venezuela", "Ecuador", "Perú", "Brasil", "México", "Argentina", "Chile", "Estados Unidos", "España", "Panamá",
  "Francia", "Alemania", "China", "Canadá", "Uruguay",
];
export const DAYS = ["el lunes", "el martes", "el miércoles", "el jueves", "el viernes", "el sábado", "el domingo", "este fin de semana", "la próxima semana"];

export const SHARED_POOLS: Pools = {
  ciudad: CITIES,
  principal: MAIN_CITIES,
  region: REGIONS,
  departamento: DEPARTMENTS,
  pais: COUNTRIES,
  dia: DAYS,
  fuente: [
    "fuentes consultadas por este medio", "voceros de la entidad", "expertos consultados", "un alto funcionario que pidió reserva de su nombre",
    "personas cercanas al proceso", "los organismos de control", "analistas del sector", "la administración local",
  ],
  plazo: ["en los próximos días", "antes de que termine el mes", "durante las próximas semanas", "en el primer semestre del próximo año", "antes de diciembre"],
  momento: ["en las últimas horas", "durante el fin de semana", "desde comienzos de año", "en los últimos meses", "esta semana", "desde el pasado mes de marzo"],
  numero: (r) => String(r.int(3, 98)),
  cien: (r) => String(r.int(110, 980)),
  miles: (r) => `${formatNumber(r.int(2, 95))}.${String(r.int(0, 999)).padStart(3, "0")}`,
  porcentaje: (r) => `${formatNumber(r.int(10, 489) / 10)} %`,
  millones: (r) => `${formatNumber(r.int(12, 980))} millones de pesos`,
  billones: (r) => `${formatNumber(r.int(11, 189) / 10)} billones de pesos`,
  dolares: (r) => `${formatNumber(r.int(2, 450))} millones de dólares`,
  anio: (r) => String(r.int(2026, 2030)),
};
