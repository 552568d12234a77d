/**
 * Excel workbooks (XLSX, and XLSM without running its macros) read as a stream: a section per sheet,
 * each region of touching cells a table with its title rows taken off above its header row, charts as
 * their data, comments after the sheet's tables.
 */
package io.github.raglens.parse.xlsx;
