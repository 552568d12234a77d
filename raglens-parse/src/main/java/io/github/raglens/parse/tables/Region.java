package io.github.raglens.parse.tables;

import io.github.raglens.parse.layout.Box;

/**
 * Where an unruled table sits on a page, found from its words.
 *
 * @param box the table's box
 * @param captioned whether it was found next to a "Table N" caption
 */
record Region(Box box, boolean captioned) {}
