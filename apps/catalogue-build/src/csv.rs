//! A small reader for the RFC 4180 CSV files of the datasets: quoted fields, doubled quotes,
//! line breaks inside quotes, `\n` or `\r\n` line ends, and a header row.

use std::{collections::HashMap, path::Path};

use crate::BuildError;

/// Why a CSV text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CsvError {
    /// A quoted field is not closed before the end of the text.
    #[error("unclosed quote in record {record}")]
    UnclosedQuote {
        /// The record (1 is the header).
        record: usize,
    },
    /// A record does not have as many fields as the header.
    #[error("record {record} has {found} fields, the header has {expected}")]
    FieldCount {
        /// The record (1 is the header).
        record: usize,
        /// Fields in the record.
        found: usize,
        /// Fields in the header.
        expected: usize,
    },
    /// The text has no header row.
    #[error("no header row")]
    NoHeader,
}

/// Splits CSV text into records of fields.
pub fn parse(text: &str) -> Result<Vec<Vec<String>>, CsvError> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                other => field.push(other),
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            other => field.push(other),
        }
    }
    if quoted {
        return Err(CsvError::UnclosedQuote {
            record: records.len() + 1,
        });
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

/// A CSV file with a header row: records are read by column name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    columns: HashMap<String, usize>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// Reads CSV text with a header row; every record must have as many fields as the header.
    pub fn parse(text: &str) -> Result<Self, CsvError> {
        let mut records = parse(text)?.into_iter();
        let header = records.next().ok_or(CsvError::NoHeader)?;
        let columns = header
            .iter()
            .enumerate()
            .map(|(index, name)| (name.trim().trim_start_matches('\u{feff}').to_owned(), index))
            .collect();
        let mut rows = Vec::new();
        for (index, record) in records.enumerate() {
            if record.len() != header.len() {
                return Err(CsvError::FieldCount {
                    record: index + 2,
                    found: record.len(),
                    expected: header.len(),
                });
            }
            rows.push(record);
        }
        Ok(Self { columns, rows })
    }

    /// Reads a CSV file.
    pub fn read(path: &Path) -> Result<Self, BuildError> {
        let text = crate::read_text(path)?;
        Self::parse(&text).map_err(|problem| BuildError::Csv {
            file: crate::display(path),
            problem,
        })
    }

    /// The rows, each readable by column name.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(|fields| Row {
            columns: &self.columns,
            fields,
        })
    }
}

/// One row of a [`Table`].
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    columns: &'a HashMap<String, usize>,
    fields: &'a [String],
}

impl<'a> Row<'a> {
    /// The trimmed value of a column; an unknown column or a blank value is `None`.
    pub fn get(&self, column: &str) -> Option<&'a str> {
        let index = self.columns.get(column)?;
        let value = self.fields.get(*index)?.trim();
        (!value.is_empty()).then_some(value)
    }

    /// The trimmed value of a column, or `""`.
    pub fn text(&self, column: &str) -> &'a str {
        self.get(column).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests;
