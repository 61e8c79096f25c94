/**
 * A usage record's key and the file's in-file duplicates (docs/usage.md, 'Import', Idempotent): the
 * key is the hash of the record's normalized fields, so a record imported again adds nothing; the
 * prints of the keys of the file's matched records find the lines that may be in the file twice.
 */
import crypto from 'node:crypto';
import type { Fields } from './recordFields';

/**
 * The record's key, as PostgreSQL's sha256() of its normalized fields joined by U+001F always
 * gave it, so re-imports of older imports stay idempotent (UTF-8: the latin1 text of its bytes,
 * or the text itself when its piece is `ascii`). Hex, its first 16 bytes.
 */
export const keyOf = ({ date, tijd, sender, receiver, direction, type, length, bundle, price }: Fields, ascii: boolean): string => {
  const keyText = `${date.iso}\u001f${tijd}\u001f${sender}\u001f${receiver}\u001f${direction}\u001f${type}\u001f${length}\u001f${bundle}\u001f${price ? price.text : ''}`;
  return (ascii ? crypto.hash('sha256', keyText, 'hex') : crypto.hash('sha256', Buffer.from(keyText, 'latin1'), 'hex')).slice(0, 32);
};

/**
 * The 16-byte keys of the file's matched records, 8 bytes each kept (open addressing): a second
 * line with the same first 8 bytes is a suspect, settled exactly by the database (`suspects`).
 * 256 tables, chosen by the key's first byte, each at most three quarters full and doubled on its
 * own: a growth holds two tables of 1/256 of the prints at once, not the old and the new copy of
 * all of them (24 MB at 800,000 records with one table).
 */
export class KeyPrints {
  private readonly tables: Uint32Array[] = Array.from({ length: 256 }, () => new Uint32Array(2 * 64));
  private readonly sizes = new Int32Array(256);

  /** Adds a key (its first 8 bytes as two unsigned 32-bit words); true when these 8 bytes were there already. */
  add(a: number, b: number): boolean {
    const table = a >>> 24;
    let slots = this.tables[table];
    if ((this.sizes[table] + 1) * 4 > (slots.length / 2) * 3) slots = this.grow(table);
    if (!insert(slots, a, b)) return true;
    this.sizes[table] += 1;
    return false;
  }

  private grow(table: number): Uint32Array {
    const old = this.tables[table];
    const slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) insert(slots, old[i], old[i + 1]);
    }
    this.tables[table] = slots;
    return slots;
  }
}

/** Puts a print in a table; false when it was there already. */
const insert = (slots: Uint32Array, a: number, b: number): boolean => {
  const mask = slots.length / 2 - 1;
  // 0/0 marks an empty slot: the (astronomically rare) key starting with 8 zero bytes is stored as 0/1.
  const lo = a === 0 && b === 0 ? 1 : b;
  for (let i = a & mask; ; i = (i + 1) & mask) {
    const x = slots[2 * i];
    const y = slots[2 * i + 1];
    if (x === 0 && y === 0) {
      slots[2 * i] = a;
      slots[2 * i + 1] = lo;
      return true;
    }
    if (x === a && y === lo) return false;
  }
};

/** The unsigned 32-bit number of 8 lower-case hex digits of `hex` from `at` (no substring, no parseInt). */
export const hexWord = (hex: string, at: number): number => {
  let value = 0;
  for (let i = at; i < at + 8; i += 1) {
    const c = hex.charCodeAt(i);
    value = value * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return value;
};
