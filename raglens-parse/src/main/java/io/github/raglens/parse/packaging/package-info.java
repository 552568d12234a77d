/**
 * The zip packages that Office files and EPUB books come in, and their XML parts: {@link
 * io.github.raglens.parse.packaging.OfficePackage} opens a DOCX, PPTX or XLSX package with Apache POI
 * with one clear line for each way it can be bad (empty, not a zip, password-protected, the binary
 * format before, a zip bomb, cut short); {@code XmlParts} reads a part with StAX, DTDs and external
 * entities refused.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.packaging;
