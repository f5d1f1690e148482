import type { Knex } from 'knex'

/**
 * An entry reference names one entry: the entrant quotes it, the certificate lists tickets by
 * it. The command side never issues one twice (its sequence is kept past every reference in the
 * log); this index makes the read model refuse to show two entries under one, so a duplicate
 * would stop the entries projection, loudly, rather than pass unnoticed.
 */
export const uniqueEntryReferences: Knex.Migration = {
  async up(knex) {
    await knex.raw('create unique index entries_entry_reference_key on entries (entry_reference)')
  },
  async down(knex) {
    await knex.raw('drop index entries_entry_reference_key')
  },
}
