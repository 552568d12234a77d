package io.github.raglens.parse.pdf;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Parses one PDF and prints its page count, table count and the peak heap used; run in a forked JVM
 * with a small heap by {@link PdfParserLimitsTest}.
 */
final class LargePdfProbe {

    private LargePdfProbe() {}

    public static void main(String[] args) {
        Document d = PdfParser.create().parse(Path.of(args[0]));
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println("pages=" + d.pageCount() + " tables=" + tables(d.root()) + " peakHeapMiB=" + (peak >> 20));
    }

    private static int tables(Section s) {
        int n = s.tables().size();
        for (Section c : s.children()) {
            n += tables(c);
        }
        return n;
    }
}
