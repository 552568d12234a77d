package io.github.raglens.internal;

import io.github.raglens.error.StoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The exclusive lock of a store: an operating-system lock on {@code <file>.lock}, which holds the
 * owner's pid so that a refused opener can name it. The OS drops the lock when its process dies, so a
 * stale lock is simply taken over; a pid still in the file then tells that its owner died without
 * closing the store, which is worth a warning. A clean close empties the file.
 */
final class StoreLock {

    private static final Logger LOG = LoggerFactory.getLogger(StoreLock.class);

    private final FileChannel channel;
    private final FileLock lock;

    private StoreLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static StoreLock acquire(Path store) {
        Path lockFile = store.resolveSibling(store.getFileName() + ".lock");
        FileChannel ch = null;
        try {
            ch = FileChannel.open(
                    lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                String holder = readPid(ch);
                ch.close();
                throw new StoreException(
                        store,
                        store + " is in use by another raglens process (pid " + holder
                                + "); wait for it to finish or stop it, or use another workspace",
                        null);
            }
            String previous = readPid(ch);
            if (!previous.isEmpty()
                    && !previous.equals(String.valueOf(ProcessHandle.current().pid()))) {
                LOG.warn("{}: taking over the lock left by process {}, which is no longer running", store, previous);
            }
            byte[] pid = String.valueOf(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII);
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(pid), 0);
            return new StoreLock(ch, lock);
        } catch (IOException e) {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new StoreException(store, "cannot lock " + lockFile + ": " + e.getMessage(), e);
        }
    }

    private static String readPid(FileChannel ch) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(32);
        int n = ch.read(buf, 0);
        return n <= 0 ? "" : new String(buf.array(), 0, n, StandardCharsets.US_ASCII).trim();
    }

    /**
     * Clears the pid (so the next opener knows the store was closed, not abandoned by a crash) and
     * releases the lock. The file stays: deleting it could race with another process opening it.
     */
    void release() {
        try {
            channel.truncate(0);
            lock.release();
            channel.close();
        } catch (IOException e) {
            LOG.debug("releasing a store lock failed", e);
        }
    }
}
