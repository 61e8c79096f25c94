/**
 * The matched records' sums per service, business day and kind of record (records, length, price
 * in micros), summed by the typer while it types the lines, for the daily report table
 * (usage_number_days, whose rows it writes month to date). A month of a big customer has some
 * 435,000 service days and 750,000 (service, day, kind) sums: one object per service day would
 * hold 150 MB of V8's heap, so the sums live in an open-addressing table of typed arrays (24 bytes
 * a slot, 25 MB for a million records). Only used while the typer's totals are exact (one month and one number per service,
 * sums within the safe integers); the import sums in SQL otherwise.
 */

/** Slots of a day: 12 kinds (USAGE_KINDS order); of a service: 32 days. */
const KINDS = 12;
const SERVICE_SLOTS = 32 * KINDS;
const FIRST_BITS = 16;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** The rows' COPY text goes out in chunks of about this size. */
const CHUNK = 64 << 10;

interface DayService {
  companyId: number;
  serviceId: number;
  number: string;
  /** 'YYYY-MM' */
  monthKey: string;
}

export class DaySums {
  private bits = FIRST_BITS;
  private keys = new Int32Array(1 << FIRST_BITS).fill(-1);
  private records = new Int32Array(1 << FIRST_BITS);
  private lengths = new Float64Array(1 << FIRST_BITS);
  private micros = new Float64Array(1 << FIRST_BITS);
  private used = 0;
  /** Bit k: some record of kind k was added. */
  private kindMask = 0;
  private readonly services: DayService[] = [];
  private readonly indexOf = new Map<number, number>();
  /** False when a day's sum left the safe integers (then the import sums in SQL). */
  exact = true;

  /**
   * Adds `times` records of a kind to a service's day. The service's number and month are the
   * ones the typer's totals hold (its totals are exact only with one of each).
   */
  add(serviceId: number, companyId: number, number: string, monthKey: string, day: number, kind: number, length: number, micros: number, times: number) {
    let index = this.indexOf.get(serviceId);
    if (index === undefined) {
      index = this.services.length;
      this.services.push({ companyId, serviceId, number, monthKey });
      this.indexOf.set(serviceId, index);
    }
    this.kindMask |= 1 << kind;
    const slot = this.slotOf(index * SERVICE_SLOTS + (day - 1) * KINDS + kind);
    this.records[slot] += times;
    this.lengths[slot] += times * length;
    this.micros[slot] += times * micros;
    if (Math.abs(this.lengths[slot]) > MAX_SAFE || Math.abs(this.micros[slot]) > MAX_SAFE) this.exact = false;
  }

  /** The slot of a key, taken when it is new. */
  private slotOf(key: number): number {
    const mask = (1 << this.bits) - 1;
    for (let slot = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits); ; slot = (slot + 1) & mask) {
      const found = this.keys[slot];
      if (found === key) return slot;
      if (found === -1) {
        if ((this.used + 1) * 4 > 3 << this.bits) {
          this.grow();
          return this.slotOf(key);
        }
        this.keys[slot] = key;
        this.used += 1;
        return slot;
      }
    }
  }

  private grow() {
    const { keys, records, lengths, micros } = this;
    this.bits += 1;
    const size = 1 << this.bits;
    this.keys = new Int32Array(size).fill(-1);
    this.records = new Int32Array(size);
    this.lengths = new Float64Array(size);
    this.micros = new Float64Array(size);
    this.used = 0;
    for (let i = 0; i < keys.length; i += 1) {
      if (keys[i] === -1) continue;
      const slot = this.slotOf(keys[i]);
      this.records[slot] = records[i];
      this.lengths[slot] = lengths[i];
      this.micros[slot] = micros[i];
    }
  }

  /**
   * The kinds (USAGE_KINDS indexes) with records: the only kind columns `rows` writes (the others
   * keep their default, 0). A file has a few of the twelve kinds, and COPY's work is mostly
   * reading the fields: the benchmark's five kinds make 19 fields a row instead of 40.
   */
  kinds(): number[] {
    return Array.from({ length: KINDS }, (_, kind) => kind).filter((kind) => this.kindMask & (1 << kind));
  }

  /**
   * The month-to-date sums as COPY text of usage_number_days (company_id, day, service_id, number,
   * then per kind of `kinds()` records, length, price_micros): for every service, one row per day
   * from its first day with records to the month's last day, each with the sums of the month's
   * records up to and including that day. In the order of the table's primary key (company, day, service:
   * its index grows at its end instead of splitting pages all over, and a day's rows lie together
   * for the report), in chunks of about 64 KB; `escape` writes the number as COPY text.
   */
  *rows(escape: (text: string) => string): Generator<Buffer> {
    const { services } = this;
    // A company's month is a group; its services in id order.
    const byOrder = services.map((_, index) => index);
    byOrder.sort((a, b) => {
      const x = services[a];
      const y = services[b];
      return x.companyId - y.companyId || (x.monthKey < y.monthKey ? -1 : x.monthKey > y.monthKey ? 1 : 0) || x.serviceId - y.serviceId;
    });
    const running = new Float64Array(services.length * KINDS * 3);
    const kinds = this.kinds();
    const cells = new Array<number>(kinds.length * 3);
    let text = '';
    for (let from = 0; from < byOrder.length; ) {
      const { companyId, monthKey } = services[byOrder[from]];
      let to = from;
      while (to < byOrder.length && services[byOrder[to]].companyId === companyId && services[byOrder[to]].monthKey === monthKey) to += 1;
      const [year, month] = monthKey.split('-').map(Number);
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      for (let day = 0; day < days; day += 1) {
        const date = `${monthKey}-${day < 9 ? '0' : ''}${day + 1}`;
        for (let r = from; r < to; r += 1) {
          const index = byOrder[r];
          const sums = index * KINDS * 3;
          for (const kind of kinds) {
            const slot = this.find(index * SERVICE_SLOTS + day * KINDS + kind);
            if (slot < 0) continue;
            running[sums + kind * 3] += this.records[slot];
            running[sums + kind * 3 + 1] += this.lengths[slot];
            running[sums + kind * 3 + 2] += this.micros[slot];
          }
          let records = 0;
          for (const kind of kinds) records += running[sums + kind * 3];
          // From the service's first day with records on.
          if (records === 0) continue;
          const { serviceId, number } = services[index];
          kinds.forEach((kind, k) => {
            cells[k * 3] = running[sums + kind * 3];
            cells[k * 3 + 1] = running[sums + kind * 3 + 1];
            cells[k * 3 + 2] = running[sums + kind * 3 + 2];
          });
          text += `${companyId}\t${date}\t${serviceId}\t${escape(number)}\t${cells.join('\t')}\n`;
          if (text.length >= CHUNK) {
            yield Buffer.from(text, 'latin1');
            text = '';
          }
        }
      }
      from = to;
    }
    if (text) yield Buffer.from(text, 'latin1');
  }

  /** The slot of a key, or -1 when it has none. */
  private find(key: number): number {
    const mask = (1 << this.bits) - 1;
    for (let slot = Math.imul(key, 0x9e3779b1) >>> (32 - this.bits); ; slot = (slot + 1) & mask) {
      const found = this.keys[slot];
      if (found === key) return slot;
      if (found === -1) return -1;
    }
  }
}
