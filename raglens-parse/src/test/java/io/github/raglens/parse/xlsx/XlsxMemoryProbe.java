package io.github.raglens.parse.xlsx;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.List;

/**
 * Parses one workbook and prints its sheet count, the cells of its tables and the peak heap used; run in
 * a forked JVM with a small heap by {@link XlsxLimitsTest}.
 */
final class XlsxMemoryProbe {

    private XlsxMemoryProbe() {}

    public static void main(String[] args) {
        Document d = new XlsxParser().parse(Path.of(args[0]));
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.println("sheets=" + d.pageCount() + " cells=" + cells(d.root()) + " peakHeapMiB=" + (peak >> 20));
    }

    private static long cells(Section s) {
        long n = 0;
        for (Table t : s.tables()) {
            for (List<String> row : t.rows()) {
                n += row.size();
            }
        }
        for (Section c : s.children()) {
            n += cells(c);
        }
        return n;
    }
}
