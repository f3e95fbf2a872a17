//! Parquet for `robots warc`: the verdict table written as Parquet (Arrow
//! columns, Snappy), and a column of URLs read from a Parquet file.

use std::io::{self, Write};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::{Array, ArrayRef, LargeStringArray, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use robotstxt_warc::{Agent, Rows};

use robotstxt_warc::table::{COLUMNS, Kind, Value, kind, names, values};

use crate::warc_table::TableWriter;

/// Rows per record batch: a few MiB of builders at most.
const BATCH_ROWS: usize = 64 * 1024;

enum Builder {
    Text(StringBuilder),
    Int(Int64Builder),
    Bool(BooleanBuilder),
}

/// The table as Parquet.
pub struct Parquet<W: Write + Send> {
    writer: ArrowWriter<W>,
    schema: SchemaRef,
    builders: Vec<Builder>,
    rows: usize,
}

impl<W: Write + Send> Parquet<W> {
    pub fn new(out: W, urls: bool) -> io::Result<Self> {
        let fields: Vec<Field> = names(urls)
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let t = match kind(i) {
                    Kind::Text => DataType::Utf8,
                    Kind::Int => DataType::Int64,
                    Kind::Bool => DataType::Boolean,
                };
                Field::new(name, t, true)
            })
            .collect();
        let schema = Arc::new(Schema::new(fields));
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build();
        let writer =
            ArrowWriter::try_new(out, schema.clone(), Some(props)).map_err(io::Error::other)?;
        Ok(Parquet {
            writer,
            schema,
            builders: Self::builders(),
            rows: 0,
        })
    }

    fn builders() -> Vec<Builder> {
        (0..COLUMNS.len())
            .map(|i| match kind(i) {
                Kind::Text => Builder::Text(StringBuilder::new()),
                Kind::Int => Builder::Int(Int64Builder::new()),
                Kind::Bool => Builder::Bool(BooleanBuilder::new()),
            })
            .collect()
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let columns: Vec<ArrayRef> = self
            .builders
            .iter_mut()
            .map(|b| -> ArrayRef {
                match b {
                    Builder::Text(b) => Arc::new(b.finish()),
                    Builder::Int(b) => Arc::new(b.finish()),
                    Builder::Bool(b) => Arc::new(b.finish()),
                }
            })
            .collect();
        let batch = RecordBatch::try_new(self.schema.clone(), columns).map_err(io::Error::other)?;
        self.writer.write(&batch).map_err(io::Error::other)?;
        self.rows = 0;
        Ok(())
    }
}

impl<W: Write + Send> TableWriter for Parquet<W> {
    fn write(&mut self, rows: &Rows, agents: &[Agent]) -> io::Result<()> {
        for agent in 0..agents.len() {
            for item in 0..rows.items.len() {
                for (b, value) in self
                    .builders
                    .iter_mut()
                    .zip(values(rows, agents, agent, item))
                {
                    match (b, value) {
                        (Builder::Text(b), Value::Text(s)) => b.append_value(s),
                        (Builder::Text(b), _) => b.append_null(),
                        (Builder::Int(b), Value::Int(n)) => b.append_value(n),
                        (Builder::Int(b), _) => b.append_null(),
                        (Builder::Bool(b), Value::Bool(v)) => b.append_value(v),
                        (Builder::Bool(b), _) => b.append_null(),
                    }
                }
                self.rows += 1;
                if self.rows >= BATCH_ROWS {
                    self.flush()?;
                }
            }
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> io::Result<()> {
        self.flush()?;
        let mut out = self.writer.into_inner().map_err(io::Error::other)?;
        out.flush()
    }
}

/// The values of the string column `column` of a Parquet file (nulls left
/// out).
pub fn read_column(path: &std::path::Path, column: &str) -> Result<Vec<String>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| format!("{path:?} is not a Parquet file: {e}"))?;
    let schema = builder.schema().clone();
    let Some(index) = schema.fields().iter().position(|f| f.name() == column) else {
        let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
        return Err(format!(
            "{path:?} has no column {column:?} (its columns: {}); --url-column names it",
            names.join(", ")
        ));
    };
    let mask = parquet::arrow::ProjectionMask::roots(builder.parquet_schema(), [index]);
    let reader = builder
        .with_projection(mask)
        .build()
        .map_err(|e| format!("cannot read {path:?}: {e}"))?;
    let mut urls = Vec::new();
    for batch in reader {
        let batch = batch.map_err(|e| format!("cannot read {path:?}: {e}"))?;
        let array = batch.column(0);
        if let Some(a) = array.as_any().downcast_ref::<StringArray>() {
            urls.extend(a.iter().flatten().map(str::to_string));
        } else if let Some(a) = array.as_any().downcast_ref::<LargeStringArray>() {
            urls.extend(a.iter().flatten().map(str::to_string));
        } else {
            return Err(format!(
                "column {column:?} of {path:?} is {}, not strings",
                array.data_type()
            ));
        }
    }
    Ok(urls)
}
