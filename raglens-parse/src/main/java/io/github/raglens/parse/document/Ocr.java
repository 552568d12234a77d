package io.github.raglens.parse.document;

/** Where a document says how many of its pages were read by OCR, for the ingest report. */
public final class Ocr {

    /** The metadata key of the number of pages OCR'd, a decimal count; absent when none was. */
    public static final String PAGES_KEY = "pagesOcrd";

    private Ocr() {}
}
